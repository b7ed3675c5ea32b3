import { expect as playwrightExpect } from '@playwright/test';

/**
 * How often `expect.poll` asks again. Playwright's own schedule backs off to once a second, so a
 * screen that settles in 300 ms is seen after 850 ms; the browser tests poll hundreds of times, and
 * asking every 50 ms (Vitest's pace) keeps the suite minutes shorter on this machine.
 */
const POLL_INTERVALS = [50];

/** Playwright's `expect`, with `expect.poll` asking every 50 ms unless a call says otherwise. */
export const expect: typeof playwrightExpect = playwrightExpect.configure({});
const poll = expect.poll;
expect.poll = (actual, options) =>
  poll(
    actual,
    typeof options === 'string'
      ? { message: options, intervals: POLL_INTERVALS }
      : { intervals: POLL_INTERVALS, ...options },
  );
