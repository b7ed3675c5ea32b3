import { button } from '@app/ui/button.css';
import type { ReactNode } from 'react';

/** A form's submit button: while the form is being sent it stays focusable but says it is busy. */
export function SubmitButton({
  pending,
  variant = 'primary',
  children,
}: {
  pending: boolean;
  variant?: keyof typeof button;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={button[variant]} aria-disabled={pending || undefined}>
      {children}
    </button>
  );
}
