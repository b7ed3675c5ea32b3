import { labelledMessage } from '@app/contracts';
import { useState } from 'react';
import type { FieldError } from './ErrorSummary.tsx';

/** One field of a form: its input's id, and its label where the summary should name it. */
export interface FormField {
  id: string;
  /** Given, a message shown away from its field (in the summary) says which field it is about. */
  label?: string;
}

/**
 * The errors a form shows, arranged the one way every form here shows them: the messages about
 * the whole form first, then one message per field (the first found), in the form's order; in the
 * summary, a field's message is prefixed with its label unless it already names it.
 */
export function arrangeErrors(
  found: readonly FieldError[],
  fields: readonly FormField[],
): FieldError[] {
  const order = fields.map((field) => field.id);
  const seen = new Set<string>();
  const kept: FieldError[] = [];
  for (const error of found) {
    if (error.field !== null) {
      if (seen.has(error.field)) continue;
      seen.add(error.field);
    }
    const label = fields.find((field) => field.id === error.field)?.label;
    const named = label === undefined || error.message.toLowerCase().includes(label.toLowerCase());
    kept.push(
      named || error.summary !== undefined
        ? error
        : { ...error, summary: labelledMessage(label, error.message) },
    );
  }
  const rank = (field: string | null) => (field === null ? -1 : order.indexOf(field));
  return kept.sort((a, b) => rank(a.field) - rank(b.field));
}

/** What `useFormErrors` gives a form. */
export interface FormErrors {
  /** Arranged for `<ErrorSummary>` and the fields. */
  errors: readonly FieldError[];
  /** Counts submissions that showed errors (0 before the first), so the summary takes focus again. */
  attempt: number;
  /** The message under the field with this input id, if it has one. */
  errorOf(fieldId: string): string | undefined;
  /** A submission: errors are shown from now on (and the summary takes focus again). */
  submitted(): void;
  /** A submission that failed with `found` (checked here or refused by the server). */
  report(found: readonly FieldError[]): void;
  /** No errors (the form was sent). */
  clear(): void;
}

/**
 * The one form primitive both web apps stand on: when a form shows its errors, and how.
 *
 * - A form that checks and sends its values itself reports what went wrong (`report`) after each
 *   submission.
 * - A form whose errors live elsewhere (the onboarding's state machine decides them, also after a
 *   server's answer) passes them as `live`: they are shown from the first submission on, so a
 *   half-filled form is never shouted at, and then follow the machine.
 */
export function useFormErrors(
  fields: readonly FormField[],
  live?: readonly FieldError[],
): FormErrors {
  const [reported, setReported] = useState<readonly FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const source = live === undefined ? reported : attempt > 0 ? live : [];
  const errors = arrangeErrors(source, fields);
  return {
    errors,
    attempt,
    errorOf: (fieldId) => errors.find((error) => error.field === fieldId)?.message,
    submitted: () => setAttempt((count) => count + 1),
    report: (found) => {
      setReported(found);
      setAttempt((count) => count + 1);
    },
    clear: () => setReported([]),
  };
}
