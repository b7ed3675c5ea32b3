import {
  type ConsoleOperator,
  OperatorInvite,
  type Passkey,
  RecoveryCodesRenewal,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as layout from '@app/ui/layout.css';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import {
  inviteOperator,
  removeOperator,
  renewRecoveryCodes,
  resetSecondFactor,
} from './console-api.ts';
import { DialogForm, DialogOpener, PasswordAgainField, useDialogForm } from './DialogForm.tsx';
import { OwnPasskeys } from './OwnPasskeys.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

const route = getRouteApi('/console/operators');

const HEADING_ID = 'operators-heading';
const cardTitleId = (operatorId: number) => `operator-${operatorId}-title`;

export function OperatorsPage() {
  usePageTitle('Operators');
  const { operators, passkeys } = route.useLoaderData();
  // New recovery codes, shown in place of the page until the operator has saved them.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes !== null) {
    return (
      <div className={layout.container}>
        <RecoveryCodes
          codes={codes}
          notice="New recovery codes are made. Your old ones no longer work."
          next={
            <button
              type="button"
              className={button.primary}
              onClick={() => {
                setCodes(null);
                requestAnimationFrame(() => document.getElementById(HEADING_ID)?.focus());
              }}
            >
              Back to the operators
            </button>
          }
        />
      </div>
    );
  }
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 id={HEADING_ID} className={ui.h1} tabIndex={-1}>
        Operators
      </h1>
      <p className={ui.lead}>
        Who can use this console. An invited operator sets a password from the mailed link, then an
        authenticator app.
      </p>
      <Invite />
      <ul className={styles.list} aria-label="Operators">
        {operators.map((operator) => (
          <li key={operator.id}>
            <OperatorCard
              operator={operator}
              last={operators.length === 1}
              onNewCodes={setCodes}
              passkeys={passkeys}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OperatorCard({
  operator,
  last,
  onNewCodes,
  passkeys,
}: {
  operator: ConsoleOperator;
  last: boolean;
  onNewCodes: (codes: string[]) => void;
  /** The signed-in operator's own passkeys, shown on their own card. */
  passkeys: readonly Passkey[];
}) {
  const titleId = cardTitleId(operator.id);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const reset = useAction({
    send: () => resetSecondFactor(operator.id),
    toast: {
      title: `${operator.name}'s authenticator app is reset`,
      description: 'They are signed out, and set an app up again at their next sign-in.',
    },
    failure: 'The authenticator app was not reset',
    reload: true,
    // The Reset button is gone with the app: the card's heading keeps the operator's place.
    focus: titleId,
  });
  const removal = useAction({
    send: () => removeOperator(operator.id),
    toast: { title: `${operator.name} is no longer an operator` },
    failure: `${operator.name} was not removed`,
    reload: true,
    // The card is gone: the page's heading, above the list that changed.
    focus: HEADING_ID,
  });
  const sending = reset.pending || removal.pending;

  function onReset() {
    setResetting(false);
    void reset.run();
  }

  function onRemove() {
    setConfirming(false);
    void removal.run();
  }

  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h3} tabIndex={-1}>
        {operator.name}
        {operator.you ? <span className={layout.muted}> (you)</span> : null}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>{operator.email}</dd>
        <dt className={styles.term}>Authenticator</dt>
        <dd className={styles.value}>{operator.authenticator ? 'Set up' : 'Not set up yet'}</dd>
      </dl>
      {operator.you ? (
        <>
          {operator.authenticator ? <RenewCodes onNewCodes={onNewCodes} /> : null}
          <OwnPasskeys passkeys={passkeys} />
        </>
      ) : (
        <div className={styles.actions}>
          {operator.authenticator ? (
            <button
              type="button"
              className={button.secondary}
              aria-disabled={sending || undefined}
              aria-haspopup="dialog"
              onClick={() => setResetting(true)}
            >
              Reset authenticator app…{' '}
              <span className={layout.visuallyHidden}>of {operator.name}</span>
            </button>
          ) : null}
          {last ? null : (
            <button
              type="button"
              className={button.danger}
              aria-disabled={sending || undefined}
              onClick={() => setConfirming(true)}
            >
              Remove <span className={layout.visuallyHidden}>{operator.name}</span>
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={resetting}
        title={`Reset ${operator.name}'s authenticator app?`}
        confirmLabel="Yes, reset"
        cancelLabel="No, keep"
        onConfirm={onReset}
        onCancel={() => setResetting(false)}
      >
        <p>
          For a lost phone. They are signed out now and set an authenticator app up again at their
          next sign-in; their recovery codes stop working. We email them that you did it.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${operator.name}?`}
        confirmLabel="Yes, remove"
        cancelLabel="No, keep"
        onConfirm={onRemove}
        onCancel={() => setConfirming(false)}
      >
        <p>
          They can no longer use the console, and are signed out now. Their account stays, as a
          member&apos;s.
        </p>
      </ConfirmDialog>
    </article>
  );
}

/**
 * New recovery codes for the operator's own app (the old ones used up or exposed): their password
 * again, in a dialog; the new codes then take the page's place until saved.
 */
function RenewCodes({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const id = useId();
  const fields = { password: { id: `${id}-password`, label: 'Your password' } } as const;
  const form = useForm(fields);
  const [password, setPassword] = useState('');
  const dialog = useDialogForm(form, () => setPassword(''));

  const onSubmit = useSubmit(form, {
    schema: RecoveryCodesRenewal,
    values: { password },
    send: (values) => renewRecoveryCodes(values.password),
    codeFields: { INVALID_CREDENTIALS: 'password' },
    done: (_, answer) => {
      dialog.finish();
      onNewCodes(answer.recoveryCodes);
    },
  });

  return (
    <div className={styles.actions}>
      <DialogOpener onOpen={dialog.show}>Make new recovery codes…</DialogOpener>
      <DialogForm
        open={dialog.open}
        title="Make new recovery codes?"
        focusId={fields.password.id}
        onClose={dialog.cancel}
        onSubmit={onSubmit}
        form={form}
        submitLabel="Make new codes"
        intro={
          <p>
            Your ten recovery codes are replaced: the old ones stop working, used or not, and the
            new ones are shown once.
          </p>
        }
      >
        <PasswordAgainField
          field={form.field('password')}
          value={password}
          onChange={setPassword}
        />
      </DialogForm>
    </div>
  );
}

function Invite() {
  const id = useId();
  const fields = {
    email: { id: `${id}-email`, label: 'Email address' },
    name: { id: `${id}-name`, label: 'Name' },
  } as const;
  const form = useForm(fields);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const onInvite = useSubmit(form, {
    schema: OperatorInvite,
    values: { email, name: name === '' ? undefined : name },
    send: inviteOperator,
    toast: (values) => ({
      title: `${values.email} invited`,
      description: 'We have emailed them a link to set a password.',
    }),
    done: () => {
      setEmail('');
      setName('');
    },
    reload: true,
  });

  return (
    <section className={ui.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.h2}>
        Invite an operator
      </h2>
      <form noValidate onSubmit={onInvite} className={ui.stack} aria-label="Invite an operator">
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        <Field
          {...form.field('email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <Field
          {...form.field('name')}
          hint="Optional: how the console names them."
          value={name}
          onChange={setName}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Send invitation</SubmitButton>
        </div>
      </form>
    </section>
  );
}
