import { CATEGORY_STEPS } from '@app/onboarding';
import { describe, expect, it } from 'vitest';
import { isOnboardingStepSegment, ONBOARDING_STEP_SEGMENTS } from '../categories.ts';
import { progressOf } from './routing.ts';

describe('progressOf', () => {
  it('numbers the yes path from the role step to the confirm step', () => {
    expect(progressOf('role')).toEqual({ step: 1, of: 8 });
    expect(progressOf('team')).toEqual({ step: 2, of: 8 });
    expect(progressOf('confirm')).toEqual({ step: 8, of: 8 });
  });

  it('shows no progress off the yes path', () => {
    expect(progressOf('category')).toBeNull();
    expect(progressOf('maybe')).toBeNull();
    expect(progressOf('thank-you')).toBeNull();
  });
});

describe('the step segments the router accepts', () => {
  it('are exactly the steps the machine has a category route for', () => {
    expect([...ONBOARDING_STEP_SEGMENTS].sort()).toEqual([...CATEGORY_STEPS].sort());
    expect(isOnboardingStepSegment('account')).toBe(true);
    expect(isOnboardingStepSegment('thank-you')).toBe(false);
  });
});
