import { type ConsoleOperator, OperatorInvite } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as layout from '@app/ui/layout.css';
import { toast } from '@app/ui/toast-store';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { inviteOperator, removeOperator } from './console-api.ts';

const route = getRouteApi('/console/operators');

export function OperatorsPage() {
  usePageTitle('Operators');
  const { operators } = route.useLoaderData();
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Operators</h1>
      <p className={ui.lead}>
        Who can use this console. An invited operator sets a password from the mailed link, then an
        authenticator app.
      </p>
      <Invite />
      <ul className={styles.list} aria-label="Operators">
        {operators.map((operator) => (
          <li key={operator.id}>
            <OperatorCard operator={operator} last={operators.length === 1} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OperatorCard({ operator, last }: { operator: ConsoleOperator; last: boolean }) {
  const titleId = useId();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);

  async function onRemove() {
    setConfirming(false);
    setSending(true);
    try {
      await removeOperator(operator.id);
      toast({ title: `${operator.name} is no longer an operator` });
      await router.invalidate();
    } catch (error) {
      toast({
        title: error instanceof ApiError ? error.message : 'That could not be done.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h3}>
        {operator.name}
        {operator.you ? <span className={layout.muted}> (you)</span> : null}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>{operator.email}</dd>
        <dt className={styles.term}>Authenticator</dt>
        <dd className={styles.value}>{operator.authenticator ? 'Set up' : 'Not set up yet'}</dd>
      </dl>
      {operator.you || last ? null : (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.danger}
            aria-disabled={sending || undefined}
            onClick={() => setConfirming(true)}
          >
            Remove <span className={layout.visuallyHidden}>{operator.name}</span>
          </button>
        </div>
      )}
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
