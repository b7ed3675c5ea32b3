import { CATEGORIES } from '@app/contracts';
import { onboardingMachine, routeToEvent, stateToRoute } from '@app/onboarding';
import { CATEGORY_STEPS, END_STEPS, STEP_ROUTES } from '@app/onboarding/steps';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { firstStepOf, freshStartOf } from './FirstStep.tsx';

/** Where the machine, started afresh and asked for a path's step, puts the visitor. */
function machineRouteFor(path: string): string {
  const actor = createActor(onboardingMachine, { input: { now: 0 } }).start();
  const request = routeToEvent(path);
  if (request !== null) actor.send(request);
  const route = stateToRoute(actor.getSnapshot());
  actor.stop();
  return route;
}

describe('freshStartOf', () => {
  it('sends each later step of each area where a fresh flow would: that area’s role step', () => {
    let later = 0;
    for (const category of CATEGORIES) {
      for (const step of CATEGORY_STEPS) {
        const path = `/onboarding/${category}/${step}`;
        if (firstStepOf(path) !== null) {
          expect(freshStartOf(path)).toBeNull();
          continue;
        }
        later += 1;
        expect(freshStartOf(path)).toBe(`/onboarding/${category}/role`);
        expect(freshStartOf(path)).toBe(machineRouteFor(path));
      }
    }
    expect(later).toBe(CATEGORIES.length * (CATEGORY_STEPS.length - 1));
  });

  it('leaves the first steps, the end screens and other pages alone', () => {
    for (const path of [
      '/onboarding',
      '/onboarding/work',
      '/onboarding/work/role',
      '/',
      '/pricing',
    ]) {
      expect(freshStartOf(path)).toBeNull();
    }
    for (const step of END_STEPS) expect(freshStartOf(STEP_ROUTES[step])).toBeNull();
    expect(freshStartOf('/onboarding/space/team')).toBeNull();
    expect(freshStartOf('/onboarding/work/payment')).toBeNull();
  });
});
