import { fromCallback } from 'xstate';
import type { OnboardingEvent } from './machine.ts';

/** The timer functions the clock needs: `window` (or `globalThis`) provides them. */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/**
 * The `clock` actor: sends the current time at once and then every second. The app passes
 * `() => Date.now()` and `window`; under fake timers the same code runs on simulated time.
 */
export function createIntervalClock(now: () => number, timers: IntervalTimers, intervalMs = 1000) {
  return fromCallback(({ sendBack }) => {
    const tick = () => sendBack({ type: 'clock.tick', now: now() } satisfies OnboardingEvent);
    tick();
    const id = timers.setInterval(tick, intervalMs);
    return () => timers.clearInterval(id);
  });
}
