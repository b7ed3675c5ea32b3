import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TRACKER_PASSWORD_MESSAGES } from '@app/contracts';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { uniqueEmail, WINDOWS } from './onboarding.ts';
import { type TestSite, testSite } from './site.ts';

/**
 * An account whose password the tracker's rule refuses (the site's account step takes any), in
 * Chromium against the real site and its embedded tracker, at 360 and 1280 px with axe: signing
 * in on the tracker asks for a new password before anything else, a member page opened meanwhile
 * comes back to that screen, and once a new one is set the member's home opens.
 */

const site = testSite();

/** An account made through the tracker's API, as the site's sign-up makes one. */
async function account(tracker: TestSite['tracker'], email: string, password: string) {
  const key = (await readFile(join(tracker.dataDir, 'api-key'), 'utf8')).trim();
  const answer = await fetch(`${tracker.apiUrl}/users`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      name: 'Grace Hopper',
      goalSummary: 'Ship the compiler',
      teamId: 1,
    }),
  });
  expect(answer.status).toBe(201);
}

for (const [width, height] of WINDOWS) {
  test(`a weak password is replaced at the tracker's sign-in before anything else, ${width} px`, async () => {
    const { page, context } = await site.visitor(width, height);
    try {
      const email = uniqueEmail(`weak.${width}`);
      await account(site.tracker, email, 'e');
      await page.goto(`${site.tracker.url}/sign-in`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('e');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${site.tracker.url}/new-password`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Choose a new password');
      await expectAccessible(page, `new password, ${width} px`);

      // Nothing else opens meanwhile: a member page comes back here.
      await page.goto(`${site.tracker.url}/profile`);
      await page.waitForURL(`${site.tracker.url}/new-password?next=%2Fprofile`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Choose a new password');

      // The new password is held to the tracker's rule.
      await page.getByLabel('Current password', { exact: true }).fill('e');
      await page.getByLabel('New password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect
        .poll(() => page.getByText(TRACKER_PASSWORD_MESSAGES.common).count())
        .toBeGreaterThan(0);
      await expectAccessible(page, `new password refused, ${width} px`);

      await page
        .getByLabel('New password', { exact: true })
        .fill('a slow boat to the far north sea');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.waitForURL(`${site.tracker.url}/profile`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Your profile');
      await page.goto(`${site.tracker.url}/`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Hello, Grace Hopper');
    } finally {
      await context.close();
    }
  });
}
