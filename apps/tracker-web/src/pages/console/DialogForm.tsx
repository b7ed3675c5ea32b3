import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { type FormEvent, type ReactNode, useId } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import type { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';

/**
 * One form in a modal dialog, as the console asks for a password again or a new name: its
 * heading (the dialog's name), what it says first, the form's errors, its fields, then its submit
 * button and Cancel (which, like Escape, calls `onClose`).
 */
export function DialogForm({
  open,
  title,
  focusId,
  onClose,
  onSubmit,
  form,
  submitLabel,
  intro,
  children,
}: {
  open: boolean;
  title: ReactNode;
  /** The field that has focus when the dialog opens. */
  focusId: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  form: Pick<ReturnType<typeof useForm>, 'errors' | 'attempt' | 'pending'>;
  submitLabel: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <FormDialog open={open} titleId={titleId} focusId={focusId} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className={ui.stack} aria-labelledby={titleId}>
        <h2 id={titleId} className={ui.h2}>
          {title}
        </h2>
        {intro}
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {children}
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
          <button type="button" className={button.secondary} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
