import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_TRACKER_PUBLIC_PORT, localOrigin } from '@app/contracts';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { openVisitor, VISITOR_TIME_ZONE, type Visitor } from './onboarding.ts';
import type { RunningTestSite } from './server.ts';

export {
  BACK_SEAT,
  EXPORT_SEAT,
  PASSKEY_OPERATORS,
  QUIET_DESK_OPERATOR,
  QUIET_SEAT,
  SUITE_OPERATOR,
  WAY_BACK_OPERATOR,
} from './server.ts';

/**
 * Holds the requests `chunk` names (scripts, as a rule) until `release` is called; `requested`
 * tells whether one was asked for.
 */
export async function holdChunk(page: Page, chunk: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(chunk, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** Whether React has taken over the page's HTML (its heading carries React's fiber). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__react'));
  });
}

/**
 * Waits until the page's code has taken over its HTML: a press before then does nothing, as for a
 * person on a slow phone (a page that is read asks for its scripts after its first paint,
 * decision 41).
 */
export async function waitHydrated(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page)).toBe(true);
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
 * The site a test worker talks to: the worker's own (`fixtures.ts` starts it before the worker's
 * first test and names it in the `E2E_*` variables), or one started by hand, named by
 * `E2E_SITE_URL` (with `E2E_TRACKER_PUBLIC_URL`, `E2E_TRACKER_API_URL` and `E2E_TRACKER_DATA_DIR`
 * for its tracker). The addresses are read when used, so a file may take this at its top.
 */
export function runningTestSite(): Omit<RunningTestSite, 'close'> {
  const variable = (name: string, fallback?: string) => {
    const value = process.env[name] ?? fallback;
    if (value === undefined) {
      throw new Error(`${name} is not set: run the browser tests through Playwright`);
    }
    return value;
  };
  return {
    get url() {
      return variable('E2E_SITE_URL').replace(/\/$/, '');
    },
    get trackerUrl() {
      return variable('E2E_TRACKER_PUBLIC_URL', localOrigin(DEFAULT_TRACKER_PUBLIC_PORT));
    },
    get trackerApiUrl() {
      return variable('E2E_TRACKER_API_URL', '');
    },
    get dataDir() {
      return variable('E2E_TRACKER_DATA_DIR', '');
    },
  };
}

/** What a browser test file uses: the running site, and Chromium contexts for its visitors. */
export interface TestSite {
  /** Origin of the worker's site server. */
  url: string;
  /** The embedded tracker: its front door, its API and its data directory. */
  tracker: { url: string; apiUrl: string; dataDir: string };
  /** A fresh browser context (own storage and cookies). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A fresh visitor on a `width` × `height` window, in the visitor's time zone unless `timeZone`
   * names another; `options` add to the context's.
   */
  visitor(
    width: number,
    height?: number,
    timeZone?: string,
    options?: BrowserContextOptions,
  ): Promise<Visitor>;
}

/**
 * The shared site, and contexts in the test worker's Chromium (Playwright's `browser` fixture,
 * launched as `playwright.e2e.config.ts` says) for this file's visitors.
 *
 * The tracker's service worker is blocked unless a test allows it (`serviceWorkers: 'allow'`, as
 * the offline test does): otherwise every new context installs it and downloads the whole app
 * into its cache, which took about a tenth of the tracker tests' time. It caches files only
 * (never an API answer), so what the other tests check does not depend on it.
 */
export function testSite(): TestSite {
  const running = runningTestSite();
  let browser: Browser | undefined;
  test.beforeAll(({ browser: workerBrowser }) => {
    browser = workerBrowser;
  });
  const newContext = (options?: BrowserContextOptions) => {
    if (!browser) throw new Error('the browser starts before the tests');
    return browser.newContext({ serviceWorkers: 'block', ...options });
  };
  return {
    get url() {
      return running.url;
    },
    tracker: {
      get url() {
        return running.trackerUrl;
      },
      get apiUrl() {
        return running.trackerApiUrl;
      },
      get dataDir() {
        return running.dataDir;
      },
    },
    newContext,
    visitor: async (width, height = 800, timeZone = VISITOR_TIME_ZONE, options = {}) =>
      openVisitor(
        await newContext({ viewport: { width, height }, timezoneId: timeZone, ...options }),
      ),
  };
}

/** A new member: the account and the one goal sentence. */
export interface NewMember {
  email: string;
  name: string;
  password: string;
  goal: string;
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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${trackerUrl}/`);
}

/** The team a member made by `createAccount` asks to join: the work area's Employee team. */
export const MEMBER_TEAM = 'Deep Work Crew';

/**
 * `member`'s account made through the site's API, as the account step sends it: the account exists
 * (its confirmation mailed), its join request to Team `MEMBER_TEAM` waits for an operator. For a
 * test that needs a member rather than the sign-up, whose screens have tests of their own.
 */
export async function createAccount(siteUrl: string, member: NewMember): Promise<void> {
  const teams = (await (await fetch(`${siteUrl}/api/proxy/teams`)).json()) as {
    id: number;
    name: string;
  }[];
  const team = teams.find((row) => row.name === MEMBER_TEAM);
  if (team === undefined) throw new Error(`the seed has no team ${MEMBER_TEAM}`);
  const answer = await fetch(`${siteUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteUrl },
    body: JSON.stringify({
      email: member.email,
      password: member.password,
      name: member.name,
      goalSummary: member.goal,
      teamId: team.id,
    }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
}

/**
 * Signs in through the tracker's session API, in the page's own context (its cookies), and opens
 * the member's home: for a test that needs a signed-in member rather than the sign-in page.
 */
export async function signInThroughApi(
  page: Page,
  trackerUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const answer = await page.request.post(`${trackerUrl}/api/session`, {
    data: { email, password },
    headers: { origin: trackerUrl },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(`${trackerUrl}/`);
}

/**
 * A new member on their home: the account made through the site's API, approved through the
 * tracker's, signed in through the tracker's session API and greeted on the home (the sign-up and
 * sign-in screens have tests of their own).
 */
export async function approvedMemberAtHome(
  page: Page,
  site: TestSite,
  member: NewMember,
): Promise<void> {
  await createAccount(site.url, member);
  await approveJoinRequest(site.tracker, member.email);
  await signInThroughApi(page, site.tracker.url, member.email, member.password);
  await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${member.name}`);
}

/** The tracker API's own approval of `email`'s pending join request, as an operator (or the console) makes it. */
export function approveJoinRequest(tracker: TestSite['tracker'], email: string): Promise<void> {
  return decideJoinRequest(tracker, email, 'approve');
}

/** The tracker API's decline of `email`'s pending join request, without a note. */
export function declineJoinRequest(tracker: TestSite['tracker'], email: string): Promise<void> {
  return decideJoinRequest(tracker, email, 'decline');
}

async function decideJoinRequest(
  tracker: TestSite['tracker'],
  email: string,
  decision: 'approve' | 'decline',
): Promise<void> {
  const key = (await readFile(join(tracker.dataDir, 'api-key'), 'utf8')).trim();
  const headers = { 'x-api-key': key };
  const list = await fetch(`${tracker.apiUrl}/join-requests?status=pending`, { headers });
  const { joinRequests } = (await list.json()) as {
    joinRequests: { id: number; user: { email: string } }[];
  };
  const request = joinRequests.find((row) => row.user.email === email);
  if (request === undefined) throw new Error(`no pending join request of ${email}`);
  const answer = await fetch(`${tracker.apiUrl}/join-requests/${request.id}/${decision}`, {
    method: 'POST',
    headers,
  });
  expect(answer.status).toBe(200);
}
