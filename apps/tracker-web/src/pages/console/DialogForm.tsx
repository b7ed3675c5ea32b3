import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
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

/**
 * Whether a dialog's form is open, and its two ways out: `finish` after the form was sent (the
 * fields are emptied by `reset`), `cancel` when it is closed unsent (the form's errors go too).
 */
export function useDialogForm(form: Pick<ReturnType<typeof useForm>, 'clear'>, reset: () => void) {
  const [open, setOpen] = useState(false);
  function finish() {
    setOpen(false);
    reset();
  }
  return {
    open,
    show: () => setOpen(true),
    finish,
    cancel: () => {
      finish();
      form.clear();
    },
  };
}

/** The button that opens a dialog's form: it says, to assistive technology too, that it does. */
export function DialogOpener({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <button type="button" className={button.secondary} aria-haspopup="dialog" onClick={onOpen}>
      {children}
    </button>
  );
}

/** The operator's password asked again before a change to their own sign-in. */
export function PasswordAgainField({
  field,
  value,
  onChange,
}: {
  /** What the form gives for the field: its id, label and message. */
  field: Pick<ComponentProps<typeof Field>, 'id' | 'label' | 'error'>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      {...field}
      type="password"
      autoComplete="current-password"
      hint="To be sure it is you."
      required
      value={value}
      onChange={onChange}
    />
  );
}
