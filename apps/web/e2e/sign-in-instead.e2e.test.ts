import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@app/contracts';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import {
  errorSummary,
  expectScreen,
  STEP_TIMEOUT_MS,
  screenshotEach,
  uniqueEmail,
  yesToAccount,
} from './onboarding.ts';
import { declineJoinRequest, type TestSite, testSite } from './site.ts';

/**
 * A prospect whose address already has an account (a person once declined, so without a team),
 * in Chromium against the real site and its embedded tracker, at 360 px with each screen it stops
 * at held to 1280 px too: the site's onboarding up to the account step, the sign-up refused for
 * the taken address, Sign in from there, the tracker's sign-in, and Find a team showing the same
 * team with the same seat held (its countdown running), from which the request is sent. axe on
 * every screen it stops at.
 */

const site = testSite();
const PASSWORD = 'a slow boat to the far north sea';
const TAKEN =
  'An account with this email address already exists. Sign in instead, or use another address.';

/** An account as the site's sign-up makes one (with a request), through the tracker's API. */
async function account(tracker: TestSite['tracker'], email: string) {
  const key = (await readFile(join(tracker.dataDir, 'api-key'), 'utf8')).trim();
  const answer = await fetch(`${tracker.apiUrl}/users`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      name: 'Dora Returning',
      goalSummary: 'Ship the garden app',
      teamId: 1,
    }),
  });
  expect(answer.status).toBe(201);
}

test("a prospect whose address has an account signs in from the site's account step and keeps the team and seat", async () => {
  test.setTimeout(180_000);
  const email = uniqueEmail('returning');
  await account(site.tracker, email);
  // Declined: an account without a team, free to ask for one again.
  await declineJoinRequest(site.tracker, email);

  const { page, context, problems } = await site.visitor(360, 740);
  try {
    await page.goto(`${site.url}/onboarding/work/role`);
    await page.getByLabel('Employee', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectScreen(
      page,
      '/onboarding/work/team',
      'You\'re in luck! Team "Deep Work Crew" has one slot left.',
    );
    await yesToAccount(page, 'Dora', 'Ship the garden app');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: /^Submit join request/ }).click();

    // The refusal keeps its words, and Sign in is offered beside it.
    expect(await errorSummary(page)).toEqual([TAKEN]);
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(signIn).toBeVisible();
    await expect(
      page.getByText(MESSAGES.accountSignInHint('Deep Work Crew'), { exact: true }),
    ).toBeVisible();
    const box = await signIn.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
    await expectAccessible(page, 'account step, the address has an account');
    await screenshotEach(page, 'sign-in-instead-offered');
    // Reached with Tab from the email field, it shows a focus ring.
    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    await expect(signIn).toBeFocused();
    await expect
      .poll(() => signIn.evaluate((element) => getComputedStyle(element).outlineStyle))
      .not.toBe('none');

    await signIn.click();
    // The tracker's sign-in, with Find a team and the handed-over seat next.
    await page.waitForURL((url) => url.origin === site.tracker.url && url.pathname === '/sign-in', {
      timeout: STEP_TIMEOUT_MS,
    });
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next).toMatch(/^\/find-a-team\?seat=[0-9a-f-]{36}&key=[A-Za-z0-9_-]{20,100}$/);
    await expect.poll(() => page.locator('h1').allTextContents()).toEqual(['Sign in']);
    await expectAccessible(page, "the tracker's sign-in, from the account step");
    await screenshotEach(page, 'sign-in-instead-tracker');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Find a team: the same team, the same seat held, its countdown running.
    await page.waitForURL((url) => url.pathname === '/find-a-team');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).allTextContents())
      .toEqual(['You\'re in luck! Team "Deep Work Crew" has one slot left.']);
    const countdown = page.getByText(
      /^We're holding this slot on this team for \d+:\d\d more minutes\.$/,
    );
    await expect.poll(() => countdown.count()).toBe(1);
    await expectAccessible(page, 'Find a team with the handed-over seat');
    await screenshotEach(page, 'sign-in-instead-find-a-team');

    await page.getByRole('button', { name: 'Send my join request to Team Deep Work Crew' }).click();
    await page.waitForURL(`${site.tracker.url}/`);
    const request = page.getByRole('region', { name: 'Your join request' });
    await expect.poll(() => request.getByText('Deep Work Crew', { exact: true }).count()).toBe(1);
    await expect.poll(() => request.getByText(/^Pending: /).count()).toBe(1);
    await expectAccessible(page, 'home with the request sent from the handed-over seat');
    await screenshotEach(page, 'sign-in-instead-home');
    // The refused sign-up's 409 is the browser's own note of it; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 409 \(Conflict\)$/.test(problem))).toEqual([]);
  } finally {
    await context.close();
  }
});
