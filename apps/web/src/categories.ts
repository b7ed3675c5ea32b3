import { CATEGORIES } from '@app/contracts';

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/**
 * The last segment of /onboarding/{category}/{step} (spec 2 route table). Kept here rather than
 * imported from the onboarding machine so that the route check does not pull the machine into the
 * marketing pages' bundle; a test keeps the two lists equal.
 */
export const ONBOARDING_STEP_SEGMENTS = [
  'role',
  'team',
  'maybe',
  'no',
  'intro',
  'goal',
  'commit',
  'sync',
  'account',
  'confirm',
] as const;

export function isOnboardingStepSegment(value: string): boolean {
  return (ONBOARDING_STEP_SEGMENTS as readonly string[]).includes(value);
}
