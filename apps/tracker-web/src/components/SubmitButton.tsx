import type { ReactNode } from 'react';
import * as ui from '../styles/ui.css.ts';

/** A form's submit button: while the form is being sent it stays focusable but says it is busy. */
export function SubmitButton({
  pending,
  variant = 'primary',
  children,
}: {
  pending: boolean;
  variant?: keyof typeof ui.button;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={ui.button[variant]} aria-disabled={pending || undefined}>
      {children}
    </button>
  );
}
