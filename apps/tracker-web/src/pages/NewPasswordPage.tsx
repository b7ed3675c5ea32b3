import { call } from '@app/api-client/endpoints';
import { ERROR_CODES, MEMBER_API, PasswordChange, TRACKER_PASSWORD_MESSAGES } from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from '../components/form.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useSubmit } from '../components/useSubmit.ts';
import { SignOutButton } from '../layout/SignOutButton.tsx';
import { safeNext } from '../navigation.ts';
import * as ui from '../styles/ui.css.ts';
import * as styles from './Page.css.ts';

const FIELDS = {
  currentPassword: { id: 'current-password', label: 'Current password' },
  newPassword: { id: 'new-password', label: 'New password' },
} as const;

/**
 * After a sign-in with a password the tracker's rule refuses (an account made on the site, whose
 * hint is not enforced): the session can do nothing else until a new password is set
 * (PASSWORD_CHANGE_REQUIRED), which the same rule checks. Then on to where the member was going,
 * by way of an operator's authenticator code.
 */
export function NewPasswordPage({ next }: { next?: string | undefined }) {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm(FIELDS);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const onSubmit = useSubmit(form, {
    schema: PasswordChange,
    values: { currentPassword, newPassword },
    send: (values) => call(MEMBER_API.changePassword, values),
    codeFields: { [ERROR_CODES.INVALID_CREDENTIALS]: 'currentPassword' },
    toast: { title: 'Password changed. You were signed out everywhere else.' },
    done: async () => {
      router.clearCache();
      const after = safeNext(next);
      const session = await call(MEMBER_API.getSession).catch(() => null);
      if (session?.secondFactor === 'required') {
        await navigate({ to: '/second-factor', search: { next: after }, replace: true });
      } else if (session?.secondFactor === 'enrol') {
        await navigate({ to: '/console/second-factor', replace: true });
      } else {
        const home = session?.member.role === 'operator' ? '/console' : '/';
        await navigate({ href: after ?? home, replace: true });
      }
    },
  });

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 id="new-password-title" className={ui.h1}>
        Choose a new password
      </h1>
      <p>
        The password you signed in with is too easy to guess. Choose a new one before you go on:
        your other devices will be signed out.
      </p>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="new-password-title"
      >
        <Field
          {...form.field('currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={setCurrentPassword}
        />
        <Field
          {...form.field('newPassword')}
          type="password"
          autoComplete="new-password"
          hint={TRACKER_PASSWORD_MESSAGES.hint}
          required
          value={newPassword}
          onChange={setNewPassword}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>Set new password</SubmitButton>
          <SignOutButton />
        </div>
      </form>
    </div>
  );
}
