import { call } from '@app/api-client/endpoints';
import { ERROR_CODES, MEMBER_API, PasswordChange } from '@app/contracts';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { type ReactNode, useState } from 'react';
import { useForm } from '../components/form.ts';
import { NewPasswordField } from '../components/NewPasswordField.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useSubmit } from '../components/useSubmit.ts';
import * as styles from './Page.css.ts';

const FIELDS = {
  currentPassword: { id: 'current-password', label: 'Current password' },
  newPassword: { id: 'new-password', label: 'New password' },
} as const;

/**
 * The signed-in password change (the current password, then a new one the tracker's rule checks;
 * every other session ends), as the profile page and the new-password page after a weak sign-in
 * both ask for it. `done` runs once the change is made, after its toast.
 */
export function PasswordChangeForm({
  labelledBy,
  submitLabel,
  done,
  actions,
}: {
  /** The id of the heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  done: (clear: () => void) => void | Promise<void>;
  /** More buttons beside the submit button. */
  actions?: ReactNode;
}) {
  const form = useForm(FIELDS);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const onSubmit = useSubmit(form, {
    schema: PasswordChange,
    values: { currentPassword, newPassword },
    send: (values) => call(MEMBER_API.changePassword, values),
    codeFields: { [ERROR_CODES.INVALID_CREDENTIALS]: 'currentPassword' },
    toast: { title: 'Password changed. You were signed out everywhere else.' },
    done: () =>
      done(() => {
        setCurrentPassword('');
        setNewPassword('');
      }),
  });

  return (
    <>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form className={styles.form} noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
        <Field
          {...form.field('currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={setCurrentPassword}
        />
        <NewPasswordField
          {...form.field('newPassword')}
          value={newPassword}
          onChange={setNewPassword}
        />
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
          {actions}
        </div>
      </form>
    </>
  );
}
