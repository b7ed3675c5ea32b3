import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { AFTERNOON, zoneWhereTheHourIs } from './clock.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { screenshot, uniqueEmail, WINDOWS } from './onboarding.ts';
import { approveJoinRequest, type TestSite, testSite } from './site.ts';

/**
 * The members' app on a phone, in Chromium against the real site and its embedded tracker: while
 * the home's data is held on the way, the page shows its shape (header, placeholder cards and a
 * Loading status); the front door names its manifest and its service worker takes the page over; with the connection
 * gone a reload still shows the member's home from the worker's cache and this device's copy;
 * a check-in answered offline survives a reload and, once the connection is back, reaches the
 * tracker once. axe on the offline screens, at 360 and 1280 px, in the member's afternoon (only
 * today's question is open, and the day does not end during the test). Then one browser shared by
 * two members: what the first kept offline (the home, a Yes waiting) is gone once they sign out
 * and the second signs in, and the second never sends the first one's answer.
 */

const site = testSite();
const PASSWORD = 'kepler-1609';
const TEAM = 'Deep Work Crew';

/**
 * A member on the seeded team, made the quick way (the tracker's API, as the site calls it, then
 * approved): the sign-up screens have tests of their own.
 */
async function approvedMember(tracker: TestSite['tracker'], email: string, name: string) {
  const key = (await readFile(join(tracker.dataDir, 'api-key'), 'utf8')).trim();
  const headers = { 'x-api-key': key };
  const list = await fetch(`${tracker.apiUrl}/teams`, { headers });
  const teams = (await list.json()) as { id: number; name: string }[];
  const team = teams.find((row) => row.name === TEAM);
  if (team === undefined) throw new Error(`the seed has no team ${TEAM}`);
  const created = await fetch(`${tracker.apiUrl}/users`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      name,
      goalSummary: 'Write 500 words a day',
      teamId: team.id,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  await approveJoinRequest(tracker, email);
}

/**
 * The check-in answers that reached the tracker from the page (PUT /api/me/check-ins answered;
 * one tried without a connection fails and is not counted).
 */
function countCheckInsSent(page: Page): () => number {
  let sent = 0;
  page.on('requestfinished', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/me/check-ins') {
      sent += 1;
    }
  });
  return () => sent;
}

for (const [width, height] of WINDOWS) {
  test.describe(`a member's phone app at ${width} x ${height}`, () => {
    test('installs, opens offline from the worker, and sends an offline check-in once', async () => {
      test.setTimeout(60_000);
      const zone = zoneWhereTheHourIs(...AFTERNOON);
      const { page, context } = await site.visitor(width, height, zone, {
        serviceWorkers: 'allow',
      });
      try {
        const email = uniqueEmail(`offline.${width}`);
        const name = `Omar Lind ${width}`;
        await approvedMember(site.tracker, email, name);
        // The home's data held on the way: the page shows its shape and a Loading status first.
        await page.goto(`${site.tracker.url}/sign-in`);
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(
          '**/api/me/home',
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL(`${site.tracker.url}/`);
        const loading = page.getByRole('status').filter({ hasText: 'Loading your page…' });
        await expect(loading).toBeVisible();
        await expect(page.locator('[data-skeleton] > *')).toHaveCount(2);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect.poll(() => page.locator('h1').textContent()).toBe('Loading');
        await expectAccessible(page, 'home loading');
        await screenshot(page, width, 'tracker-home-loading');
        release();
        await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${name}`);
        await expect(loading).toHaveCount(0);
        const card = page.getByRole('region', { name: 'Did you do that thing today?' });
        await expect.poll(() => card.getByRole('form', { name: /^Today, / }).count()).toBe(1);

        // Installable: the manifest is linked and served, and the worker controls the page.
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        expect(href).toBe('/manifest.webmanifest');
        const manifest = await page.request.get(`${site.tracker.url}${href}`);
        expect(manifest.status()).toBe(200);
        const app = (await manifest.json()) as {
          start_url: string;
          display: string;
          icons: { src: string; sizes: string }[];
        };
        expect(app.start_url).toBe('/');
        expect(app.display).toBe('standalone');
        expect(app.icons.map((icon) => icon.sizes)).toContain('512x512');
        // navigator.serviceWorker.ready: a worker is active (it may still be activating).
        await expect
          .poll(() =>
            page.evaluate(async () => {
              const ready = await navigator.serviceWorker.ready;
              return { script: ready.active?.scriptURL, state: ready.active?.state };
            }),
          )
          .toEqual({ script: `${site.tracker.url}/sw.js`, state: 'activated' });
        // clientsClaim: the page that registered the worker is already its client.
        await expect
          .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
          .toBe(true);

        // Offline, a reload is answered by the worker: the shell, then this device's copy.
        await context.setOffline(true);
        await page.reload();
        await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${name}`);
        const offlineNotice = page.getByRole('status').filter({ hasText: /^You are offline\./ });
        await expect.poll(() => offlineNotice.count()).toBe(1);
        const today = card.getByRole('form', { name: /^Today, / });
        await expect.poll(() => today.count()).toBe(1);
        await expectAccessible(page, 'home offline');
        await screenshot(page, width, 'tracker-offline');

        const sent = countCheckInsSent(page);
        await today.getByLabel('Note (optional)').fill('Wrote on the train');
        await today.getByRole('button', { name: 'Yes', exact: true }).click();
        const kept = /^Your answer: Yes \(“Wrote on the train”\), kept on this device\./;
        await expect.poll(() => today.getByText(kept).count()).toBe(1);
        await expectAccessible(page, 'checked in offline');

        // Still offline, a reload keeps the answer waiting on this device.
        await page.reload();
        await expect.poll(() => today.getByText(kept).count()).toBe(1);
        await expect
          .poll(() =>
            today.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');

        // Back online: the answer is sent, once, and the home shows it saved.
        await context.setOffline(false);
        await expect
          .poll(() => page.getByText('Your check-in is sent: Yes', { exact: true }).count())
          .toBeGreaterThan(0);
        await expect
          .poll(() =>
            today.getByText(/^Your answer: Yes \(“Wrote on the train”\), saved at /).count(),
          )
          .toBe(1);
        // The home was read again: it no longer says it is offline.
        await expect.poll(() => offlineNotice.count()).toBe(0);
        await expectAccessible(page, 'offline check-in sent');
        await screenshot(page, width, 'tracker-offline-sent');
        // A later reload sends nothing again: the answer left the device.
        await page.reload();
        await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${name}`);
        await expect.poll(() => today.getByText(/, saved at /).count()).toBe(1);
        expect(sent()).toBe(1);

        // The tracker holds the one answer for today.
        const status = await page.request.get(`${site.tracker.url}/api/me/check-ins`);
        expect(status.status()).toBe(200);
        const { days } = (await status.json()) as {
          days: { which: string; checkIn: { answer: string; note: string | null } | null }[];
        };
        expect(days.map((day) => [day.which, day.checkIn?.answer, day.checkIn?.note])).toEqual([
          ['today', 'yes', 'Wrote on the train'],
        ]);
      } finally {
        await context.close();
      }
    });
  });
}

/** Signs in on the tracker's sign-in page and waits for the member's home. */
async function signIn(page: Page, email: string, name: string) {
  await page.goto(`${site.tracker.url}/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${site.tracker.url}/`);
  await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${name}`);
}

/** The member's answers for their open days, as the tracker stores them (read in a browser of its own). */
async function storedAnswers(email: string) {
  const reader = await site.visitor(1280, 800, zoneWhereTheHourIs(...AFTERNOON));
  try {
    const signedIn = await reader.page.request.post(`${site.tracker.url}/api/session`, {
      data: { email, password: PASSWORD },
      headers: { origin: site.tracker.url },
    });
    expect(signedIn.status()).toBe(200);
    const status = await reader.page.request.get(`${site.tracker.url}/api/me/check-ins`);
    expect(status.status()).toBe(200);
    const { days } = (await status.json()) as { days: { checkIn: { answer: string } | null }[] };
    return days.map((day) => day.checkIn?.answer ?? null);
  } finally {
    await reader.context.close();
  }
}

test.describe('one browser, two members', () => {
  test("the first member's kept home and waiting Yes are gone once they sign out and the second signs in, who never sends it", async () => {
    test.setTimeout(90_000);
    const [width, height] = WINDOWS[0];
    const zone = zoneWhereTheHourIs(...AFTERNOON);
    const { page, context } = await site.visitor(width, height, zone, {
      serviceWorkers: 'allow',
    });
    try {
      const first = { email: uniqueEmail('shared.first'), name: 'Ines First' };
      const second = { email: uniqueEmail('shared.second'), name: 'Jon Second' };
      await approvedMember(site.tracker, first.email, first.name);
      await approvedMember(site.tracker, second.email, second.name);
      const kept = () =>
        page.evaluate(() =>
          Object.fromEntries(
            Object.keys(localStorage)
              .filter((key) => key.startsWith('tracker.offline.'))
              .map((key) => [key, localStorage.getItem(key) ?? '']),
          ),
        );

      // The first member's home, kept; offline, a reload shows it with their name, and a Yes
      // waits on the device.
      await signIn(page, first.email, first.name);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      const offlineNotice = page.getByRole('status').filter({ hasText: /^You are offline\./ });
      await expect
        .poll(() => offlineNotice.textContent())
        .toContain(`This is the home of ${first.name} as it was on`);
      const card = page.getByRole('region', { name: 'Did you do that thing today?' });
      const today = card.getByRole('form', { name: /^Today, / });
      await today.getByRole('button', { name: 'Yes', exact: true }).click();
      await expect
        .poll(() => today.getByText(/^Your answer: Yes, kept on this device\./).count())
        .toBe(1);
      expect(Object.keys(await kept())).toHaveLength(2);

      // The connection comes back but the tracker cannot be reached for the answer yet; the
      // member signs out with it still waiting.
      const puts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/me/check-ins') {
          puts.push(request.postData() ?? '');
        }
      });
      await page.route('**/api/me/check-ins', (route) =>
        route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
      );
      await context.setOffline(false);
      await expect.poll(() => offlineNotice.count()).toBe(0);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(/\/sign-in/);
      await page.unroute('**/api/me/check-ins');
      const triedBeforeSignOut = puts.length;

      // The second member signs in on the same browser.
      await signIn(page, second.email, second.name);
      await expect.poll(() => card.getByRole('form', { name: /^Today, / }).count()).toBe(1);
      await expect.poll(() => today.getByText('Not answered yet.').count()).toBe(1);
      // Nothing of the first member's is on the device, and the second sent nothing.
      const left = await kept();
      // (The two are teammates: the second's home names the first among the team.)
      const home = JSON.parse(left['tracker.offline.home'] ?? 'null') as {
        home: { account: { name: string } };
      } | null;
      expect(home?.home.account.name).toBe(second.name);
      expect(Object.keys(left).filter((key) => key.includes('.check-in.'))).toEqual([]);
      expect(puts.length).toBe(triedBeforeSignOut);
      // Offline now, the page is the second member's, by name.
      await context.setOffline(true);
      await page.reload();
      await expect
        .poll(() => offlineNotice.textContent())
        .toContain(`This is the home of ${second.name} as it was on`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${second.name}`);
      await context.setOffline(false);

      // The tracker holds no answer from either: the first member's Yes never left the device,
      // and was never sent as the second's.
      expect(await storedAnswers(second.email)).toEqual([null]);
      expect(await storedAnswers(first.email)).toEqual([null]);
    } finally {
      await context.close();
    }
  });
});
