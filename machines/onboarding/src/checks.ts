import type { Category } from '@app/contracts';
import type { FormErrors } from './types.ts';

/**
 * What the machine asks of a form answer: the field messages of what is wrong, none when it is
 * fine. The answers are checked against the contracts' zod schemas (`forms.ts`); the machine only
 * reaches them through this interface, so a page can load zod after its first step is on screen.
 */
export interface FormChecks {
  role(category: Category | null, value: string): FormErrors;
  name(name: string): FormErrors;
  goal(goal: string): FormErrors;
  account(answer: { email: string; password: string }): FormErrors;
  booking(answer: { name: string; email: string; phone: string }): FormErrors;
  feedback(answer: { name: string; email: string; feedback: string }): FormErrors;
}

/** The events whose guards check a form answer: sent only once the checks are installed. */
export const CHECKED_EVENTS: ReadonlySet<string> = new Set([
  'role.submit',
  'intro.submit',
  'goal.submit',
  'account.submit',
  'booking.submit',
  'feedback.submit',
]);

let installed: FormChecks | null = null;

/** Makes `checks` the machine's form checks (`@app/onboarding` installs the zod ones on import). */
export function installFormChecks(checks: FormChecks): void {
  installed = checks;
}

/** Whether the form checks are installed, so that an event in CHECKED_EVENTS may be sent. */
export function formChecksInstalled(): boolean {
  return installed !== null;
}

/** The installed checks; an answer checked before they are is a programming error. */
export function formChecks(): FormChecks {
  if (installed === null) throw new Error('The onboarding form checks are not installed');
  return installed;
}

/** True when nothing is wrong with the answer. */
export function isValid(errors: FormErrors): boolean {
  return Object.keys(errors).length === 0;
}
