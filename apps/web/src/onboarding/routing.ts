import type { Step } from '@app/onboarding';

/** The yes path, numbered for 'Step N of M' (spec 2 route table order). */
const NUMBERED: readonly Step[] = [
  'role',
  'team',
  'intro',
  'goal',
  'commit',
  'sync',
  'account',
  'confirm',
];

export function progressOf(step: Step): { step: number; of: number } | null {
  const index = NUMBERED.indexOf(step);
  return index < 0 ? null : { step: index + 1, of: NUMBERED.length };
}

/** End screens can be shown from the URL alone: they state facts and offer no next step. */
export const END_STEPS: readonly Step[] = ['thank-you', 'no-thank-you', 'maybe-submitted'];
