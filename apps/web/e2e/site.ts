import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addOperator, buildTracker, createTestDatabase } from '@app/tracker';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  test,
} from '@playwright/test';
import { expect } from './expect.ts';
import {
  expectJoinRequestSent,
  openVisitor,
  VISITOR_TIME_ZONE,
  type Visitor,
  yesToAccount,
} from './onboarding.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the site server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site server did not start within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** The operator account every test data directory starts with. */
export const SUITE_OPERATOR = { email: 'olive.operator@example.com', name: 'Olive Operator' };

/** Seats added to every seeded team that has any, for the suite's own sign-ups and holds. */
const SUITE_SEATS = 200;

/**
 * A seeded data directory whose teams have room for the whole suite. The tests sign up many
 * visitors to the same teams (Deep Work Crew above all); in the product a team fills after a few
 * sign-ups and the next visitor is matched elsewhere, which would change the team a later test
 * meets. A team that is full in the seed stays full.
 */
async function roomyDataDir(): Promise<string> {
  const { dataDir } = await createTestDatabase({ databaseUrl: '' });
  const tracker = await buildTracker({ dataDir, env: {} });
  try {
    const { repos } = tracker;
    // The suite's operator; the link to set its password is mailed once the site runs.
    await addOperator(tracker, SUITE_OPERATOR.email, SUITE_OPERATOR.name);
    for (const team of await repos.teams.list(tracker.trackerConfig.now())) {
      const row = await repos.teams.findRow(team.id);
      if (row && team.openSeats > 0) {
        await repos.teams.setCapacity(team.id, row.capacity + SUITE_SEATS);
      }
    }
  } finally {
    await tracker.close();
  }
  return dataDir;
}

/**
 * Starts the real site server (`pnpm --filter @app/server start`, with its embedded tracker on a
 * fresh data directory) serving this app's dist/, on a free loopback port. `env` adds to the
 * server's configuration (for example its rate limits).
 *
 * With `E2E_SITE_URL` set, the tests use that already running site instead (quicker while writing
 * tests; start it with the same `env`).
 */
export async function startTestSite(env: Record<string, string> = {}): Promise<RunningTestSite> {
  if (process.env.E2E_SITE_URL) return { ...runningTestSite(), close: async () => {} };
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `pnpm --filter @app/web build` first');
  }
  const dataDir = await roomyDataDir();
  const port = await freePort();
  const trackerPort = await freePort();
  const publicPort = await freePort();
  const trackerUrl = `http://127.0.0.1:${publicPort}`;
  const child = spawn('pnpm', ['--filter', '@app/server', 'start'], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_PORT: String(trackerPort),
      TRACKER_PUBLIC_URL: trackerUrl,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      // No load balancer in front: stopping need not wait for one to notice.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The server runs under pnpm and tsx: signal the whole process group this test started.
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    trackerUrl,
    trackerApiUrl: `http://127.0.0.1:${trackerPort}`,
    dataDir,
    close: stop,
  };
}

/** The site under test, its tracker's front door and API, and the tracker's data directory. */
export interface RunningTestSite {
  url: string;
  /** The tracker's front door (its own origin). */
  trackerUrl: string;
  /** The tracker's API (needs the key kept in `dataDir`). */
  trackerApiUrl: string;
  dataDir: string;
  close: () => Promise<void>;
}

/** Every page of the site with its one h1 (any other path is the 404 page). */
export const PAGES = [
  ['/', 'Reach your goals with a team that asks if you did that thing'],
  ['/how-it-works', 'How It Works'],
  ['/success-stories', 'Success Stories'],
  ['/about-us', 'About Us'],
  ['/pricing', 'Pricing'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/no-such-page', '404 Page Not Found'],
] as const;

/**
 * The site a test worker talks to: the one the global setup started, or one started by hand, named
 * by `E2E_SITE_URL` (with `E2E_TRACKER_PUBLIC_URL`, `E2E_TRACKER_API_URL` and
 * `E2E_TRACKER_DATA_DIR` for its tracker).
 */
export function runningTestSite(): Omit<RunningTestSite, 'close'> {
  const url = process.env.E2E_SITE_URL;
  if (!url) throw new Error('E2E_SITE_URL is not set: run the browser tests through Playwright');
  return {
    url: url.replace(/\/$/, ''),
    trackerUrl: process.env.E2E_TRACKER_PUBLIC_URL ?? 'http://localhost:3001',
    trackerApiUrl: process.env.E2E_TRACKER_API_URL ?? '',
    dataDir: process.env.E2E_TRACKER_DATA_DIR ?? '',
  };
}

/** What a browser test file uses: the running site, and Chromium contexts for its visitors. */
export interface TestSite {
  /** Origin of the site server all browser test files share (started once, in the global setup). */
  url: string;
  /** The embedded tracker: its front door, its API and its data directory. */
  tracker: { url: string; apiUrl: string; dataDir: string };
  /** A fresh browser context (own storage and cookies). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A fresh visitor on a `width` × `height` window, in the visitor's time zone unless `timeZone`
   * names another.
   */
  visitor(width: number, height?: number, timeZone?: string): Promise<Visitor>;
}

/**
 * The shared site, and contexts in the test worker's Chromium (Playwright's `browser` fixture,
 * launched as `playwright.e2e.config.ts` says) for this file's visitors.
 */
export function testSite(): TestSite {
  const running = runningTestSite();
  let browser: Browser | undefined;
  test.beforeAll(({ browser: workerBrowser }) => {
    browser = workerBrowser;
  });
  const newContext = (options?: BrowserContextOptions) => {
    if (!browser) throw new Error('the browser starts before the tests');
    return browser.newContext(options);
  };
  return {
    url: running.url,
    tracker: { url: running.trackerUrl, apiUrl: running.trackerApiUrl, dataDir: running.dataDir },
    newContext,
    visitor: async (width, height = 800, timeZone = VISITOR_TIME_ZONE) =>
      openVisitor(await newContext({ viewport: { width, height }, timezoneId: timeZone })),
  };
}

/** Who signs up in `signUpMember`: the account and the one goal sentence. */
export interface NewMember {
  email: string;
  name: string;
  password: string;
  goal: string;
}

/**
 * A prospect's whole Yes path on the site, as an employee in the work area, ending on "Join
 * Request Sent": the account exists, its join request waits for an operator.
 */
export async function signUpMember(page: Page, siteUrl: string, member: NewMember): Promise<void> {
  await page.goto(`${siteUrl}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await yesToAccount(page, member.name, member.goal);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectJoinRequestSent(page);
}

/** Signs in on the tracker's front door with the password and waits for the member's home. */
export async function signInToTracker(
  page: Page,
  trackerUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${trackerUrl}/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${trackerUrl}/`);
}

/**
 * A new member's whole way in: signed up through the site, approved through the tracker's API,
 * then signed in on the tracker and greeted on their home.
 */
export async function approvedMemberAtHome(
  page: Page,
  site: TestSite,
  member: NewMember,
): Promise<void> {
  await signUpMember(page, site.url, member);
  await approveJoinRequest(site.tracker, member.email);
  await signInToTracker(page, site.tracker.url, member.email, member.password);
  await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${member.name}`);
}

/** The tracker API's own approval of `email`'s pending join request, as an operator (or the console) makes it. */
export async function approveJoinRequest(
  tracker: TestSite['tracker'],
  email: string,
): Promise<void> {
  const key = (await readFile(join(tracker.dataDir, 'api-key'), 'utf8')).trim();
  const headers = { 'x-api-key': key };
  const list = await fetch(`${tracker.apiUrl}/join-requests?status=pending`, { headers });
  const { joinRequests } = (await list.json()) as {
    joinRequests: { id: number; user: { email: string } }[];
  };
  const request = joinRequests.find((row) => row.user.email === email);
  if (request === undefined) throw new Error(`no pending join request of ${email}`);
  const answer = await fetch(`${tracker.apiUrl}/join-requests/${request.id}/approve`, {
    method: 'POST',
    headers,
  });
  expect(answer.status).toBe(200);
}
