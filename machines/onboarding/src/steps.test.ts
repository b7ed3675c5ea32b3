import { describe, expect, it } from 'vitest';
import {
  CATEGORY_STEPS,
  DRAFT_FIELDS,
  END_STEPS,
  HOLD_LINE_STEPS,
  LINEAR_STEPS,
  progressOf,
  STEP_ROUTES,
} from './steps.ts';

describe('the step table', () => {
  it('numbers the yes path from the role step to the confirm step', () => {
    expect(progressOf('role')).toEqual({ step: 1, of: 8 });
    expect(progressOf('team')).toEqual({ step: 2, of: 8 });
    expect(progressOf('confirm')).toEqual({ step: 8, of: 8 });
    expect(progressOf('category')).toBeNull();
    expect(progressOf('maybe')).toBeNull();
    expect(progressOf('thank-you')).toBeNull();
  });

  it('derives each list of steps from its rows', () => {
    expect(LINEAR_STEPS).toEqual(['team', 'intro', 'goal', 'commit', 'sync', 'account']);
    expect(CATEGORY_STEPS).toEqual([
      'role',
      'team',
      'intro',
      'goal',
      'commit',
      'sync',
      'account',
      'confirm',
      'maybe',
      'no',
    ]);
    expect(END_STEPS).toEqual(['thank-you', 'no-thank-you', 'maybe-submitted']);
    expect(HOLD_LINE_STEPS).toEqual(['intro', 'goal', 'commit', 'sync', 'account', 'maybe', 'no']);
    expect(DRAFT_FIELDS).toContain('maybe.phone');
    expect(DRAFT_FIELDS).not.toContain('account.password');
  });

  it('routes every category step under its category and every end screen at the root', () => {
    for (const step of CATEGORY_STEPS)
      expect(STEP_ROUTES[step]).toBe(`/onboarding/{category}/${step}`);
    for (const step of END_STEPS) expect(STEP_ROUTES[step]).toBe(`/${step}`);
  });
});
