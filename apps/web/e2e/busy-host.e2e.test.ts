import { type ChildProcess, spawn } from 'node:child_process';
import { test } from '@playwright/test';
import { expect } from './expect.ts';
import { type RunningTestSite, startTestSite } from './server.ts';
import { waitHydrated } from './site.ts';

/** CPU-bound processes beside the site, as on a host busy with other work. */
const HOGS = 4;
/** Loads of each page. */
const ROUNDS = 10;
const PAGES = [
  ['/', 'Reach your goals with a team that asks if you did that thing'],
  ['/onboarding/work/role', 'Which best describes your role at work?'],
] as const;

// Not the suite's worker site (load shedding is off there): a site of its own, shedding as in
// the product, so that what a busy host does to it is what a visitor would see.
let site: RunningTestSite | undefined;
const hogs: ChildProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startTestSite({
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '1000',
    RATE_LIMIT_READ_MAX: '100000',
  });
  for (let i = 0; i < HOGS; i += 1) {
    hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
});

test.afterAll(async () => {
  for (const hog of hogs) if (hog.exitCode === null) hog.kill('SIGKILL');
  await site?.close();
});

test('beside four CPU-bound processes, every page load is whole: no asset or page request fails', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const url = site?.url;
  if (url === undefined) throw new Error('the site did not start');
  const failed: string[] = [];
  const shedCalls: string[] = [];
  page.on('requestfailed', (request) => {
    failed.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const line = `${response.status()} ${response.url()}`;
    // An API call may be refused while the host is busy (the page shows its error and the person
    // sends it again: decision 48). A page or a file of one never is.
    if (new URL(response.url()).pathname.startsWith('/api/')) shedCalls.push(line);
    else failed.push(line);
  });
  let loads = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [path, heading] of PAGES) {
      await page.goto(`${url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await waitHydrated(page);
      // The page goes on fetching what it needs next (the later steps' chunk, a modulepreload)
      // after it hydrates. Leaving before those are in would abort them here, which is the test
      // moving on, not the host refusing: wait until every request the page started has ended,
      // so any failure recorded is one of the site's.
      await page.waitForLoadState('networkidle');
      loads += 1;
    }
  }
  console.log(
    `${loads} loads beside ${HOGS} CPU-bound processes; API calls refused: ${shedCalls.length}`,
  );
  expect(loads).toBe(ROUNDS * PAGES.length);
  expect(failed).toEqual([]);
});
