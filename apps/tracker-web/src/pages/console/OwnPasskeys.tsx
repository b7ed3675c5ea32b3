import { type Passkey, PasskeyName, PasskeyRename, RecoveryCodesRenewal } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Field } from '@app/ui/field';
import * as layout from '@app/ui/layout.css';
import { type FormEvent, useId, useState } from 'react';
import * as z from 'zod/mini';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { longDate } from '../../components/dates.ts';
import { useForm } from '../../components/form.ts';
import { useAction } from '../../components/useAction.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import { passkeysSupported } from '../../passkeys/support.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { removeOwnPasskey, renameOwnPasskey } from './console-api.ts';
import { DialogForm, DialogOpener, PasswordAgainField, useDialogForm } from './DialogForm.tsx';

/** The heading of the operator's own passkeys: focus comes back to it when one is removed. */
export const PASSKEYS_HEADING_ID = 'own-passkeys-heading';
const passkeyNameId = (id: number) => `own-passkey-${id}-name`;

/** Adding a passkey: a name if they like, and their password again. */
const AddPasskeyForm = z.object({
  name: z.optional(PasskeyName),
  password: RecoveryCodesRenewal.shape.password,
});

/** A ceremony that ended without a key (webauthn.ts's PasskeyCeremonyError), told by its name. */
const ceremonyMessage = (error: unknown) =>
  error instanceof Error && error.name === 'PasskeyCeremonyError' ? error.message : null;

/**
 * The signed-in operator's own passkeys, on their card of the Operators page: each with its name,
 * when it was added and last used, to rename or remove (after a question); and a new one added
 * with the password again. The tracker records each addition and removal and mails the operator.
 */
export function OwnPasskeys({ passkeys }: { passkeys: readonly Passkey[] }) {
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const removal = useAction({
    send: (passkey: Passkey) => removeOwnPasskey(passkey.id),
    toast: (_, passkey) => ({
      title: `The passkey “${passkey.name}” is removed`,
      description: 'It no longer signs you in. We have emailed you about it.',
    }),
    failure: (passkey) => `The passkey “${passkey.name}” was not removed`,
    reload: true,
    // The passkey is gone: the heading of the list it was in.
    focus: PASSKEYS_HEADING_ID,
  });

  function onRemove() {
    const passkey = removing;
    setRemoving(null);
    if (passkey) void removal.run(passkey);
  }

  return (
    <section className={ui.stack} aria-labelledby={PASSKEYS_HEADING_ID}>
      <h3 id={PASSKEYS_HEADING_ID} className={ui.h3} tabIndex={-1}>
        Your passkeys
      </h3>
      <p>
        A passkey signs you in with your device&apos;s screen lock, without a password or a code,
        and no fake page can use it. Your authenticator app and recovery codes keep working.
      </p>
      {passkeys.length === 0 ? (
        <p className={layout.muted}>You have no passkeys yet.</p>
      ) : (
        <ul className={styles.members} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.passkey}>
              <div>
                <p id={passkeyNameId(passkey.id)} className={styles.active} tabIndex={-1}>
                  {passkey.name}
                </p>
                <p className={layout.muted}>
                  Added {longDate(passkey.createdAt)}.{' '}
                  {passkey.lastUsedAt === null
                    ? 'Not used yet.'
                    : `Last used ${longDate(passkey.lastUsedAt)}.`}
                </p>
              </div>
              <div className={styles.actions}>
                <button
                  type="button"
                  className={button.secondary}
                  aria-haspopup="dialog"
                  onClick={() => setRenaming(passkey)}
                >
                  Rename… <span className={layout.visuallyHidden}>{passkey.name}</span>
                </button>
                <button
                  type="button"
                  className={button.danger}
                  aria-disabled={removal.pending || undefined}
                  aria-haspopup="dialog"
                  onClick={() => {
                    if (!removal.pending) setRemoving(passkey);
                  }}
                >
                  Remove… <span className={layout.visuallyHidden}>{passkey.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <AddPasskey />
      ) : (
        <p className={layout.muted}>This browser cannot make passkeys.</p>
      )}
      <RenamePasskey passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the passkey “${removing?.name ?? ''}”?`}
        confirmLabel="Yes, remove"
        cancelLabel="No, keep"
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          It no longer signs you in; the device may keep it until you delete it there. We email you
          that it was removed.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * Adding a passkey, in a dialog: a name and the password again; the device then makes the key
 * (its own prompt, the screen lock), and the tracker keeps it. Focus goes to the new key's name.
 */
function AddPasskey() {
  const id = useId();
  const fields = {
    name: { id: `${id}-name`, label: 'Name of the passkey' },
    password: { id: `${id}-password`, label: 'Your password' },
  } as const;
  const form = useForm(fields);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const dialog = useDialogForm(form, () => {
    setName('');
    setPassword('');
  });

  const adding = useAction({
    send: async (values: z.output<typeof AddPasskeyForm>) => {
      // The ceremony's code (and the browser's library) come only now.
      const { addOwnPasskey } = await import('./passkey-ceremony.ts');
      return addOwnPasskey(values.password, values.name);
    },
    form,
    codeFields: { INVALID_CREDENTIALS: 'password' },
    // The device made no key: its reason above the form (the password stays, to try again).
    recover: (error) => {
      const message = ceremonyMessage(error);
      if (message === null) return false;
      form.fail(message);
      return true;
    },
    toast: (passkey) => ({
      title: `The passkey “${passkey.name}” is added`,
      description: 'It signs you in from now on. We have emailed you about it.',
    }),
    done: () => dialog.finish(),
    reload: true,
    focus: (passkey) => passkeyNameId(passkey.id),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.pending) return;
    const values = form.check(AddPasskeyForm, {
      name: name.trim() === '' ? undefined : name,
      password,
    });
    if (values !== null) void adding.run(values);
  }

  return (
    <div className={styles.actions}>
      <DialogOpener onOpen={dialog.show}>Add a passkey…</DialogOpener>
      <DialogForm
        open={dialog.open}
        title="Add a passkey"
        focusId={fields.name.id}
        onClose={dialog.cancel}
        onSubmit={onSubmit}
        form={form}
        submitLabel="Add passkey"
        intro={
          <p>
            Your password first; then your device asks for its screen lock and makes the passkey.
          </p>
        }
      >
        <Field
          {...form.field('name')}
          hint="Optional: to tell your passkeys apart, such as Work laptop."
          autoComplete="off"
          value={name}
          onChange={setName}
        />
        <PasswordAgainField
          field={form.field('password')}
          value={password}
          onChange={setPassword}
        />
      </DialogForm>
    </div>
  );
}

/** A new name for one passkey, in a dialog; focus then goes back to its name in the list. */
function RenamePasskey({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const id = useId();
  const fields = { name: { id: `${id}-name`, label: 'Name of the passkey' } } as const;
  const form = useForm(fields);
  const [name, setName] = useState('');
  const [shown, setShown] = useState<Passkey | null>(null);
  // A new passkey to rename: its name in the field.
  if (passkey !== shown) {
    setShown(passkey);
    setName(passkey?.name ?? '');
  }

  function close() {
    form.clear();
    onClose();
  }

  const onSubmit = useSubmit(form, {
    schema: PasskeyRename,
    values: { name },
    send: (values) => renameOwnPasskey(passkey?.id ?? 0, values.name),
    toast: (values) => ({ title: `The passkey is now called “${values.name}”` }),
    done: () => onClose(),
    reload: true,
    focus: () => (passkey ? passkeyNameId(passkey.id) : PASSKEYS_HEADING_ID),
  });

  return (
    <DialogForm
      open={passkey !== null}
      title="Rename the passkey"
      focusId={fields.name.id}
      onClose={close}
      onSubmit={onSubmit}
      form={form}
      submitLabel="Save name"
    >
      <Field {...form.field('name')} autoComplete="off" required value={name} onChange={setName} />
    </DialogForm>
  );
}
