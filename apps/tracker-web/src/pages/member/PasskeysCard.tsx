import { call, callAt } from '@app/api-client/endpoints';
import { PASSKEY_API, PASSKEY_NAME_MAX, type Passkey, PasskeyRename } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { type FormEvent, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { messageOf } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { longDate } from '../../components/dates.ts';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { ceremonyRefusal } from '../../passkeys/refusal.ts';
import { createPasskey, passkeysSupported } from '../../passkeys/webauthn.ts';
import * as ui from '../../styles/ui.css.ts';
import * as page from '../Page.css.ts';

// The member's passkeys on the profile page: loaded (with PASSKEY_API and the browser's WebAuthn
// library behind it) only when the profile is opened, so the home never carries them.

export const PASSKEYS_TITLE = 'passkeys-title';
const nameId = (key: Passkey) => `passkey-${key.id}-name`;

/** What a member is told when the browser's prompt ends without a new key. */
export const NOT_ADDED = 'No passkey was added. Try again when you are ready.';
const LOAD_FAILED = 'Your passkeys could not be loaded.';

const ADD_FIELDS = {
  name: { id: 'passkey-name', label: 'Name for the passkey (optional)' },
} as const;
/** A name left blank is the tracker's to give ("Passkey 2"). */
const AddForm = z.object({ name: z.optional(PasskeyRename.shape.name) });

type Listing =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; passkeys: Passkey[] };

export default function PasskeysCard() {
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [supported, setSupported] = useState(true);

  useEffect(() => {
    setSupported(passkeysSupported());
  }, []);

  useEffect(() => {
    let live = true;
    void attempt;
    setListing({ state: 'loading' });
    call(PASSKEY_API.passkeys).then(
      ({ passkeys }) => {
        if (live) setListing({ state: 'ready', passkeys });
      },
      (error: unknown) => {
        if (live) setListing({ state: 'failed', message: messageOf(error, LOAD_FAILED) });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const change = (update: (passkeys: Passkey[]) => Passkey[]) =>
    setListing((now) => (now.state === 'ready' ? { ...now, passkeys: update(now.passkeys) } : now));

  return (
    <section className={ui.card} aria-labelledby={PASSKEYS_TITLE}>
      <h2 id={PASSKEYS_TITLE} className={ui.h2} tabIndex={-1}>
        Passkeys
      </h2>
      <p>
        A passkey signs you in with your phone's or computer's screen lock (your fingerprint, face
        or PIN) instead of your email and password. Your password keeps working as it does now.
      </p>
      {listing.state === 'loading' ? <p role="status">Loading your passkeys…</p> : null}
      {listing.state === 'failed' ? (
        <div className={page.actions}>
          <p role="alert" className={fieldStyles.error}>
            {listing.message}
          </p>
          <button
            type="button"
            className={button.secondary}
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      ) : null}
      {listing.state === 'ready' ? (
        listing.passkeys.length === 0 ? (
          <p>You have no passkeys yet.</p>
        ) : (
          <ul className={ui.stack} aria-label="Your passkeys">
            {listing.passkeys.map((key) => (
              <PasskeyItem
                key={key.id}
                passkey={key}
                renamed={(made) => change((all) => all.map((k) => (k.id === made.id ? made : k)))}
                removed={() => change((all) => all.filter((k) => k.id !== key.id))}
              />
            ))}
          </ul>
        )
      ) : null}
      {supported ? (
        <AddPasskey added={(made) => change((all) => [...all, made])} />
      ) : (
        <p>This browser cannot make passkeys. You can add one from a browser that can.</p>
      )}
    </section>
  );
}

function AddPasskey({ added }: { added: (passkey: Passkey) => void }) {
  const form = useForm(ADD_FIELDS);
  const [name, setName] = useState('');
  const add = useAction({
    send: async (values: { name?: string | undefined }) => {
      const { options } = await call(PASSKEY_API.passkeyRegistrationOptions);
      const credential = await ceremonyRefusal(createPasskey(options, NOT_ADDED));
      return call(PASSKEY_API.registerPasskey, {
        credential,
        ...(values.name ? { name: values.name } : {}),
      });
    },
    form,
    toast: (made) => ({ title: `Passkey “${made.name}” added.` }),
    done: (made) => {
      added(made);
      setName('');
    },
    focus: (made) => nameId(made),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.pending) return;
    const values = form.check(AddForm, { name: name.trim() === '' ? undefined : name });
    if (values !== null) await add.run(values);
  }

  return (
    <form className={page.form} noValidate onSubmit={onSubmit} aria-label="Add a passkey">
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <Field
        {...form.field('name')}
        hint={`So you can tell your passkeys apart, like “Phone” or “Work laptop”: at most ${PASSKEY_NAME_MAX} characters.`}
        value={name}
        onChange={setName}
      />
      <div className={page.actions}>
        <SubmitButton pending={form.pending}>Add a passkey</SubmitButton>
      </div>
    </form>
  );
}

function PasskeyItem({
  passkey,
  renamed,
  removed,
}: {
  passkey: Passkey;
  renamed: (passkey: Passkey) => void;
  removed: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const base = `passkey-${passkey.id}`;

  const remove = useAction({
    send: () => callAt(PASSKEY_API.removePasskey, { params: { id: passkey.id } }),
    failure: `The passkey “${passkey.name}” could not be removed`,
    toast: { title: `Passkey “${passkey.name}” removed.` },
    done: removed,
    // The key is gone: focus goes to the card, whose list no longer has it.
    focus: PASSKEYS_TITLE,
  });

  return (
    <li className={ui.stack}>
      <h3 id={nameId(passkey)} className={ui.h3} tabIndex={-1}>
        {passkey.name}
      </h3>
      <p>
        Added <time dateTime={passkey.createdAt}>{longDate(passkey.createdAt)}</time>.{' '}
        {passkey.lastUsedAt ? (
          <>
            Last used <time dateTime={passkey.lastUsedAt}>{longDate(passkey.lastUsedAt)}</time>.
          </>
        ) : (
          'Not used to sign in yet.'
        )}
      </p>
      {renaming ? (
        <RenameForm
          passkey={passkey}
          done={(made) => {
            renamed(made);
            setRenaming(false);
          }}
          cancel={() => setRenaming(false)}
        />
      ) : (
        <div className={page.actions}>
          <button
            id={`${base}-rename`}
            type="button"
            className={button.secondary}
            onClick={() => setRenaming(true)}
          >
            Rename <span className={layout.visuallyHidden}>“{passkey.name}”</span>
          </button>
          <button
            type="button"
            className={button.danger}
            aria-haspopup="dialog"
            aria-disabled={remove.pending || undefined}
            onClick={() => {
              if (!remove.pending) setConfirming(true);
            }}
          >
            Remove <span className={layout.visuallyHidden}>“{passkey.name}”</span>
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove this passkey?"
        confirmLabel="Yes, remove it"
        cancelLabel="No, keep it"
        onConfirm={() => {
          // Closed first: closing hands focus back to the button, before the list changes.
          setConfirming(false);
          void remove.run();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>
          “{passkey.name}” will no longer sign you in. Your password and your other passkeys keep
          working.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function RenameForm({
  passkey,
  done,
  cancel,
}: {
  passkey: Passkey;
  done: (passkey: Passkey) => void;
  cancel: () => void;
}) {
  const fieldId = `passkey-${passkey.id}-new-name`;
  const form = useForm({ name: { id: fieldId, label: 'New name' } });
  const [name, setName] = useState(passkey.name);
  const rename = useAction({
    send: (values: { name: string }) =>
      callAt(PASSKEY_API.renamePasskey, { params: { id: passkey.id } }, values),
    form,
    toast: (made) => ({ title: `Passkey renamed “${made.name}”.` }),
    done,
    focus: nameId(passkey),
  });

  useEffect(() => {
    document.getElementById(fieldId)?.focus();
  }, [fieldId]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rename.pending) return;
    const values = form.check(PasskeyRename, { name });
    if (values !== null) await rename.run(values);
  }

  return (
    <form
      className={page.form}
      noValidate
      onSubmit={onSubmit}
      aria-label={`Rename “${passkey.name}”`}
    >
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <Field {...form.field('name')} required value={name} onChange={setName} />
      <div className={page.actions}>
        <SubmitButton pending={form.pending}>Save name</SubmitButton>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            cancel();
            // The form goes: focus goes back to the button that opened it.
            requestAnimationFrame(() =>
              document.getElementById(`passkey-${passkey.id}-rename`)?.focus(),
            );
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
