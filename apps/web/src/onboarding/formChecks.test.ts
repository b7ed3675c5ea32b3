import type { FormChecks, OnboardingEvent } from '@app/onboarding/flow';
import { describe, expect, it, vi } from 'vitest';

/**
 * The test setup installs the checks for every other test; these start from a page that has not
 * loaded them yet (fresh modules).
 */
async function freshPage() {
  vi.resetModules();
  const flow = await import('@app/onboarding/flow');
  const { sendChecked } = await import('./formChecks.ts');
  return { flow, sendChecked };
}

const NO_ERRORS: FormChecks = {
  role: () => ({}),
  name: () => ({}),
  goal: () => ({}),
  account: () => ({}),
  booking: () => ({}),
  feedback: () => ({}),
};

describe('answers sent before the form checks have arrived', () => {
  it('are held until the checks are installed; other events go at once', async () => {
    const { flow, sendChecked } = await freshPage();
    expect(flow.formChecksInstalled()).toBe(false);
    const sent: OnboardingEvent[] = [];
    const actor = { send: (event: OnboardingEvent) => sent.push(event) };
    let arrive = () => {};
    const load = () =>
      new Promise<void>((resolve) => {
        arrive = () => {
          flow.installFormChecks(NO_ERRORS);
          resolve();
        };
      });

    sendChecked(actor, { type: 'role.submit', value: 'Manager' }, load);
    sendChecked(actor, { type: 'nav.back' }, load);
    expect(sent).toEqual([{ type: 'nav.back' }]);

    arrive();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ type: 'role.submit', value: 'Manager' });
    // Installed: the next answer goes straight through.
    sendChecked(actor, { type: 'intro.submit', name: 'Ada' }, load);
    expect(sent[2]).toEqual({ type: 'intro.submit', name: 'Ada' });
  });

  it('reach the real machine, which checks them once the zod checks have loaded', async () => {
    const { flow, sendChecked } = await freshPage();
    const { createActor } = await import('xstate');
    const actor = createActor(flow.onboardingMachine, { input: { now: 0 } }).start();
    actor.send({ type: 'category.choose', category: 'work' });
    expect(actor.getSnapshot().context.category).toBe('work');

    // A blank answer: refused with the spec's message once the checks are there.
    sendChecked(actor, { type: 'role.submit', value: '' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    await vi.waitFor(() => expect(flow.formChecksInstalled()).toBe(true));
    await vi.waitFor(() =>
      expect(actor.getSnapshot().context.errors.role).toBe('Please make a selection'),
    );
    actor.stop();
  });

  it('are dropped when the download fails, and the next press tries again', async () => {
    const { flow, sendChecked } = await freshPage();
    const sent: OnboardingEvent[] = [];
    const actor = { send: (event: OnboardingEvent) => sent.push(event) };
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    sendChecked(actor, { type: 'goal.submit', goal: 'Run' }, failing);
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual([]);
    const working = vi.fn(async () => flow.installFormChecks(NO_ERRORS));
    sendChecked(actor, { type: 'goal.submit', goal: 'Run' }, working);
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'goal.submit', goal: 'Run' }]));
    expect(failing).toHaveBeenCalledOnce();
    expect(working).toHaveBeenCalledOnce();
  });
});
