import type { Page, Request } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import {
  expectJoinRequestSent,
  pathOf,
  screenshotEach,
  uniqueEmail,
  WINDOWS,
  yesToAccount,
} from './onboarding.ts';
import { testSite } from './site.ts';

/**
 * A sign-up is sent once (spec 9: no retries for queries or mutations), in Chromium against the
 * real site server: with the network down the error shows at once after one request; pressing
 * Submit again sends the same idempotency key, so a sign-up whose answer was lost on the way back
 * is answered with the account it made, never a second one.
 */

const site = testSite();

const TEAM_HEADING = /^You're in luck! Team "(.+)" has one slot left\.$/;

/** Work / Employee, its team, Yes, and the steps up to the account step. */
async function toAccount(page: Page): Promise<void> {
  await page.goto(`${site.url}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('h1').filter({ hasText: TEAM_HEADING }).waitFor();
  await yesToAccount(page, 'Ada Lovelace', 'Ship the notes');
}

const isSignup = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/users';

/** Long enough for a sign-up sent again by itself (the old code waited 1 s) to have gone out. */
const QUIET_MS = 2500;

/**
 * What is sent, and when, is the same at any width: the sign-up runs on a phone, and its error
 * screen is held to both windows (`screenshotEach`).
 */
const [width, height] = WINDOWS[0];
test.describe(`a sign-up at ${width} x ${height}`, () => {
  test('sends a sign-up with the network down once, shows the error at once, and sends it again with the same key only when asked', async () => {
    const { page, context, problems } = await site.visitor(width, height);
    try {
      await toAccount(page);
      const email = uniqueEmail(`offline.${width}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('engine-1843');

      // The network is down: the request never reaches the server.
      const keys: (string | null)[] = [];
      await page.route('**/api/users', async (route) => {
        keys.push(await route.request().headerValue('idempotency-key'));
        await route.abort('internetdisconnected');
      });
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect.poll(() => summary.textContent(), { timeout: 3000 }).toContain('Network error');
      await page.waitForTimeout(QUIET_MS);
      expect(keys).toHaveLength(1);
      expect(await page.getByText('Submitting...').count()).toBe(0);
      await screenshotEach(page, 'signup-network-down');

      // It reaches the server and the account is made, but the answer is lost on the way back.
      await page.unroute('**/api/users');
      let created: unknown = null;
      await page.route('**/api/users', async (route) => {
        keys.push(await route.request().headerValue('idempotency-key'));
        const answer = await route.fetch();
        created = await answer.json();
        await route.abort('connectionreset');
      });
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      await expect.poll(() => created).not.toBeNull();
      await expect.poll(() => summary.textContent()).toContain('Network error');
      expect(pathOf(page)).toBe('/onboarding/work/account');

      // Submit again: the same key, answered with the account made the first time.
      await page.unroute('**/api/users');
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (isSignup(request)) sent.push(request);
      });
      const answered = page.waitForResponse((response) => isSignup(response.request()));
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      const answer = await answered;
      await expectJoinRequestSent(page);
      expect(sent).toHaveLength(1);
      expect(keys[0]).toEqual(expect.any(String));
      expect(keys[1]).toBe(keys[0]);
      expect(await sent[0]?.headerValue('idempotency-key')).toBe(keys[0]);
      const body = (await answer.json()) as { user: { id: unknown } };
      expect(body.user.id).toEqual((created as { user: { id: unknown } }).user.id);
      const lost = problems.filter(
        (problem) =>
          !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|Failed to load resource/.test(problem),
      );
      expect(lost).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
