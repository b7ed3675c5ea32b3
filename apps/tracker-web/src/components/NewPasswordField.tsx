import { TRACKER_PASSWORD_MESSAGES } from '@app/contracts';
import { Field } from '@app/ui/field';
import type { ComponentProps } from 'react';

/**
 * The field of a new password: masked, offered to password managers as a new one, required, with
 * the tracker's rule as its hint (the reset link's form and the signed-in password change).
 */
export function NewPasswordField(
  props: Omit<ComponentProps<typeof Field>, 'type' | 'autoComplete' | 'hint' | 'required'>,
) {
  return (
    <Field
      {...props}
      type="password"
      autoComplete="new-password"
      hint={TRACKER_PASSWORD_MESSAGES.hint}
      required
    />
  );
}
