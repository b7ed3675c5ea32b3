import { call } from '@app/api-client/endpoints';
import {
  MEMBER_API,
  PasswordResetCompletion,
  PasswordResetRequest,
  type PasswordResetState,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useTypedEarly } from '../components/form.ts';
import { NewPasswordField } from '../components/NewPasswordField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useSubmit } from '../components/useSubmit.ts';
import * as ui from '../styles/ui.css.ts';
import * as styles from './Page.css.ts';

/**
 * Asks for a reset link, or, opened from that link (`?token=`), sets the new password; a link
 * that can no longer do so says why at once, with a way to ask for a new one.
 */
export function ResetPasswordPage({
  token,
  state,
}: {
  token?: string | undefined;
  state?: PasswordResetState['state'] | undefined;
}) {
  if (!token) return <ResetRequestForm />;
  if (state !== undefined && state !== 'usable') return <LinkNoLongerWorks state={state} />;
  return <NewPasswordForm token={token} />;
}

const NO_LONGER: Record<Exclude<PasswordResetState['state'], 'usable'>, [string, string]> = {
  used: [
    'This link was used already',
    'Your password was set with it. Sign in with that password, or ask for a new link if you have forgotten it.',
  ],
  expired: [
    'This link has expired',
    'A link to set a password works for 30 minutes. Ask for a new one below.',
  ],
  unknown: [
    'This link is not valid',
    'It may have been copied only in part, or replaced by a newer link. Ask for a new one below.',
  ],
};

function LinkNoLongerWorks({ state }: { state: Exclude<PasswordResetState['state'], 'usable'> }) {
  const [title, text] = NO_LONGER[state];
  usePageTitle(title);
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>{title}</h1>
      <p>{text}</p>
      <div className={styles.actions}>
        <Link to="/reset-password" className={button.primary}>
          Ask for a new link
        </Link>
        <Link to="/sign-in">Sign in</Link>
      </div>
    </div>
  );
}

const REQUEST_FIELDS = { email: { id: 'email', label: 'Email address' } } as const;

function ResetRequestForm() {
  usePageTitle('Reset your password');
  const form = useForm(REQUEST_FIELDS);
  const [email, setEmail] = useState('');
  useTypedEarly(REQUEST_FIELDS.email.id, setEmail);
  const [answer, setAnswer] = useState<string | null>(null);

  const onSubmit = useSubmit(form, {
    schema: PasswordResetRequest,
    values: { email },
    send: (values) => {
      setAnswer(null);
      return call(MEMBER_API.requestPasswordReset, values);
    },
    done: (_, { message }) => setAnswer(message),
  });

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Reset your password</h1>
      <p>Enter the email address of your account. We will send you a link to set a new password.</p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {/* Always in the page, so a screen reader announces the answer when it arrives. */}
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      <form
        className={styles.form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-label="Reset your password"
      >
        <Field
          {...form.field('email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Send reset link</SubmitButton>
          <Link to="/sign-in">Back to sign in</Link>
        </div>
      </form>
    </div>
  );
}

const NEW_PASSWORD_FIELDS = {
  password: { id: 'new-password', label: 'New password' },
} as const;

function NewPasswordForm({ token }: { token: string }) {
  usePageTitle('Set a new password');
  const navigate = useNavigate();
  const form = useForm(NEW_PASSWORD_FIELDS);
  const [password, setPassword] = useState('');
  const onSubmit = useSubmit(form, {
    schema: PasswordResetCompletion,
    values: { token, password },
    send: (values) => call(MEMBER_API.completePasswordReset, values),
    done: () => navigate({ to: '/sign-in', search: { notice: 'password-set' }, replace: true }),
  });

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Set a new password</h1>
      <p>Choose the password you will sign in with from now on.</p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="Set a new password">
        <NewPasswordField {...form.field('password')} value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Set password</SubmitButton>
          <Link to="/reset-password">Ask for a new link</Link>
        </div>
      </form>
    </div>
  );
}
