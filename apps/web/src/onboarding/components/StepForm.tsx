import type { FormErrors } from '@app/onboarding';
import { type FormEvent, type ReactNode, useState } from 'react';
import { button } from '../../components/ui.css.ts';
import { ErrorSummary, type FieldError } from './ErrorSummary.tsx';
import * as styles from './StepForm.css.ts';

export type FieldKey = Exclude<keyof FormErrors, 'form'>;

/** The form's fields in screen order: which machine error belongs to which input id. */
export type FieldIds = Partial<Record<FieldKey, string>>;

export interface StepFormState {
  /** Counts submissions, so a repeated failure takes focus again. */
  attempt: number;
  /** The error summary's entries, in field order, once the form has been submitted. */
  summary: FieldError[];
  /** The inline message of one field, once the form has been submitted. */
  errorOf: (key: FieldKey) => string | undefined;
  /** Call on each submission, before sending the machine its event. */
  submitted: () => void;
}

/**
 * The machine decides what is wrong (its `errors`); the form decides when to say so: only after
 * the visitor submitted, so a half-filled form is never shouted at.
 */
export function useStepForm(errors: FormErrors, fields: FieldIds): StepFormState {
  const [attempt, setAttempt] = useState(0);
  const shown: FormErrors = attempt > 0 ? errors : {};
  const summary: FieldError[] = [];
  for (const [key, id] of Object.entries(fields) as [FieldKey, string][]) {
    const message = shown[key];
    if (message) summary.push({ field: id, message });
  }
  if (shown.form) summary.push({ field: null, message: shown.form });
  return {
    attempt,
    summary,
    errorOf: (key) => shown[key],
    submitted: () => setAttempt((count) => count + 1),
  };
}

const NO_ERRORS: Pick<StepFormState, 'attempt' | 'summary'> = { attempt: 0, summary: [] };

interface StepFormProps {
  /** The form's errors from `useStepForm`; a form whose fields the machine does not check has none. */
  form?: Pick<StepFormState, 'attempt' | 'summary'>;
  onSubmit: () => void;
  submitLabel: string;
  /** While a call is in flight: the buttons stay focusable (focus is never dropped) but inert. */
  pending?: boolean;
  pendingLabel?: string;
  /** False while there is nothing to submit yet (the maybe step before its date is known). */
  ready?: boolean;
  /** Further buttons after the submit button (Skip for now, Return to Homepage). */
  extraActions?: ReactNode;
  onBack?: () => void;
  children: ReactNode;
}

/**
 * The one way a step asks for input: the error summary first (focused after a submission with
 * errors, linking to each field), the fields, then the submit button and Go back. Buttons are
 * never disabled for validation: submitting is how the visitor learns what is missing.
 */
export function StepForm({
  form = NO_ERRORS,
  onSubmit,
  submitLabel,
  pending = false,
  pendingLabel = 'Submitting...',
  ready = true,
  extraActions,
  onBack,
  children,
}: StepFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && ready) onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorSummary errors={form.summary} attempt={form.attempt} />
      {children}
      <StepActions>
        <button
          type="submit"
          className={button.primary}
          aria-disabled={pending || !ready ? true : undefined}
        >
          {pending ? pendingLabel : submitLabel}
        </button>
        {extraActions}
        {onBack ? <BackButton onBack={onBack} pending={pending} /> : null}
      </StepActions>
    </form>
  );
}

export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

export function BackButton({ onBack, pending = false }: { onBack: () => void; pending?: boolean }) {
  return (
    <button
      type="button"
      className={styles.backButton}
      aria-disabled={pending ? true : undefined}
      onClick={pending ? undefined : onBack}
    >
      Go back
    </button>
  );
}

/** Says a call is under way, for screen readers too. */
export function PendingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.pending}>
      {children}
    </p>
  );
}
