import { LINEAR_STEPS, type Step } from '@app/onboarding';

/** The yes path, numbered for 'Step N of M': the role step, the machine's linear steps, confirm. */
const NUMBERED: readonly Step[] = ['role', ...LINEAR_STEPS, 'confirm'];

export function progressOf(step: Step): { step: number; of: number } | null {
  const index = NUMBERED.indexOf(step);
  return index < 0 ? null : { step: index + 1, of: NUMBERED.length };
}

/** End screens can be shown from the URL alone: they state facts and offer no next step. */
export const END_STEPS: readonly Step[] = ['thank-you', 'no-thank-you', 'maybe-submitted'];
