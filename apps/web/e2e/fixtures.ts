import { test as base } from '@playwright/test';
import { stopNu } from './nu.ts';
import { type RunningTestSite, startTestSite } from './server.ts';

/**
 * The site's limits are per client and every test visitor comes from 127.0.0.1: raise them so the
 * suite's own signups and submissions are not refused. The limits themselves are tested in
 * apps/server.
 */
export const SITE_ENV = {
  RATE_LIMIT_SIGNUP_MAX: '1000',
  RATE_LIMIT_WRITE_MAX: '1000',
  RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000',
  RATE_LIMIT_WRITE_ADDRESS_MAX: '100000',
  RATE_LIMIT_READ_MAX: '100000',
  // Every tracker sign-in page asks for a passkey challenge (the address field's autofill), and
  // one worker's site serves the suite's sign-ins from 127.0.0.1.
  PASSKEY_CHALLENGES_MAX: '100000',
  // The console's decisions can be undone for 8 s here (60 in the product): the approval mail a
  // test waits for goes out soon after.
  DECISION_UNDO_SECONDS: '8',
  // Two sites, two trackers and two browsers share two cores here: a lag past a second is this
  // machine, not the product (load shedding has a test of its own in apps/server).
  LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
};

const VARIABLES = {
  url: 'E2E_SITE_URL',
  trackerUrl: 'E2E_TRACKER_PUBLIC_URL',
  trackerApiUrl: 'E2E_TRACKER_API_URL',
  dataDir: 'E2E_TRACKER_DATA_DIR',
} as const;

/**
 * Playwright's `test` with the worker's own site: before a worker's first test, one real site
 * server with its embedded tracker on a data directory of its own (copied from the tracker's
 * PGlite template, its teams given room for the suite's sign-ups), named in the `E2E_*`
 * variables that `runningTestSite()` reads; stopped, and its data removed, when the worker ends.
 * Workers share nothing, so they run side by side. With `E2E_SITE_URL` already set (a site started
 * by hand, with the same rate limits), the worker uses that one instead.
 */
export const test = base.extend<
  object,
  { workerSite: RunningTestSite | null; workerNu: undefined }
>({
  workerSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from its first parameter.
    async ({}, use) => {
      if (process.env.E2E_SITE_URL) {
        await use(null);
        return;
      }
      const site = await startTestSite(SITE_ENV);
      for (const [key, name] of Object.entries(VARIABLES)) {
        process.env[name] = site[key as keyof typeof VARIABLES];
      }
      try {
        await use(site);
      } finally {
        for (const name of Object.values(VARIABLES)) delete process.env[name];
        await site.close();
      }
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  // The Nu HTML Checker's Java, started by the worker's first check (nu.ts), ends with the worker.
  workerNu: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from its first parameter.
    async ({}, use) => {
      try {
        await use(undefined);
      } finally {
        await stopNu();
      }
    },
    { scope: 'worker', auto: true },
  ],
});
