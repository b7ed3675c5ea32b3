import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { onboardingMachine } from './index.ts';
import { routeToEvent, stateToRoute } from './routes.ts';

describe('routeToEvent', () => {
  it('names the step of every onboarding route', () => {
    expect(routeToEvent('/onboarding')).toEqual({
      type: 'nav.request',
      step: 'category',
      category: null,
    });
    expect(routeToEvent('/onboarding/work/intro')).toEqual({
      type: 'nav.request',
      step: 'intro',
      category: 'work',
    });
    expect(routeToEvent('/thank-you')).toEqual({
      type: 'nav.request',
      step: 'thank-you',
      category: null,
    });
  });

  it('sends the bare category path to its role step', () => {
    expect(routeToEvent('/onboarding/god/')).toEqual({
      type: 'nav.request',
      step: 'role',
      category: 'god',
    });
  });

  it('has no event for a bad category, an unknown step or another page', () => {
    expect(routeToEvent('/onboarding/cooking/role')).toBeNull();
    expect(routeToEvent('/onboarding/work/payment')).toBeNull();
    expect(routeToEvent('/pricing')).toBeNull();
    expect(routeToEvent('/onboarding/work/role/extra')).toBeNull();
  });
});

describe('stateToRoute', () => {
  it('starts on the category choice and follows the chosen category', () => {
    const actor = createActor(onboardingMachine, { input: { now: 0 } }).start();
    expect(stateToRoute(actor.getSnapshot())).toBe('/onboarding');
    actor.send({ type: 'category.choose', category: 'school' });
    expect(stateToRoute(actor.getSnapshot())).toBe('/onboarding/school/role');
  });

  it('round-trips: the route of a state asks for that same state', () => {
    const actor = createActor(onboardingMachine, { input: { now: 0 } }).start();
    const event = routeToEvent('/onboarding/other/role');
    expect(event).not.toBeNull();
    if (event) actor.send(event);
    expect(stateToRoute(actor.getSnapshot())).toBe('/onboarding/other/role');
  });
});
