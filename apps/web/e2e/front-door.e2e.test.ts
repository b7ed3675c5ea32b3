import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { mailTo as mailOf } from './mail.ts';
import { nuErrors } from './nu.ts';
import { screenshot, uniqueEmail, WINDOWS } from './onboarding.ts';
import {
  approveJoinRequest,
  createAccount,
  signInToTracker,
  testSite,
  waitHydrated,
} from './site.ts';

/**
 * The other side of "Join Request Sent", in Chromium against the real site and its embedded
 * tracker: a prospect whose account the site's API made (the sign-up screens have tests of their
 * own) confirms the address from the mailed link, opens the tracker from the site's Sign In (a new
 * tab on the tracker's own origin), signs in and sees the request pending with its 5-day date; once
 * an operator approves it the member sees the team, and the approval email's link opens their
 * home; they edit the profile and sign out. axe after every step, at 360 and 1280 px.
 */

const site = testSite();

async function mailTo(kind: string, email: string): Promise<string> {
  return mailOf(site.tracker.dataDir, kind, email);
}

for (const [width, height] of WINDOWS) {
  test.describe(`a new member at ${width} x ${height}`, () => {
    test('confirms the address, signs in on the tracker, sees the request, then the team, edits the profile and signs out', async () => {
      const { page, context } = await site.visitor(width, height);
      try {
        const email = uniqueEmail(`member.${width}`);
        await createAccount(site.url, {
          email: email,
          name: 'Mary Somerville',
          password: 'orbital-1831',
          goal: 'Write a chapter a week',
        });

        // The confirmation email's link opens the site's confirm page.
        const confirmation = await mailTo('email-confirmation', email);
        const link = /(https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_%-]+)/.exec(
          confirmation,
        )?.[1];
        expect(link).toBeDefined();
        await page.goto(link ?? '');
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe('Your email address is confirmed');
        await expectAccessible(page, 'confirmed');

        // Sign In opens the tracker's sign-in page in a new tab, on the tracker's origin.
        await page.goto(`${site.url}/`);
        await waitHydrated(page);
        const menu = page.getByRole('button', { name: /menu/i });
        if (await menu.isVisible()) await menu.click();
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          page.getByRole('link', { name: /Sign In/ }).click(),
        ]);
        await tab.waitForURL(`${site.tracker.url}/sign-in`);
        await expect
          .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
          .toBe('Sign in');
        // The same screen as the sign-in below: axe holds it once per worker, under this name.
        await expectAccessible(tab, `sign-in at ${width}`);
        await screenshot(tab, width, 'tracker-sign-in');

        await tab.getByLabel('Email address').fill(email);
        await tab.getByLabel('Password').fill('orbital-1831');
        await tab.getByRole('button', { name: 'Sign in', exact: true }).click();
        await tab.waitForURL(`${site.tracker.url}/`);
        await expect
          .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
          .toBe('Hello, Mary Somerville');
        const status = tab.getByText(
          /^Pending: we answer within 5 days, by \w+day, \w+ \d{1,2}\.$/,
        );
        await expect.poll(() => status.count()).toBe(1);
        await expectAccessible(tab, 'home pending');
        await screenshot(tab, width, 'tracker-home-pending');

        await approveJoinRequest(site.tracker, email);
        const approval = await mailTo('join-approved', email);
        const home = /See your team: (\S+)/.exec(approval)?.[1];
        expect(home).toBe(`${site.tracker.url}/`);
        await tab.goto(home ?? '');
        await expect.poll(() => tab.getByText('Approved', { exact: true }).count()).toBe(1);
        await expect.poll(() => tab.getByText('Mary Somerville You').count()).toBeGreaterThan(0);
        await expectAccessible(tab, 'home approved');
        await screenshot(tab, width, 'tracker-home-team');

        await tab.getByRole('link', { name: 'Edit profile' }).click();
        await expect
          .poll(() => tab.getByRole('heading', { level: 1 }).textContent())
          .toBe('Your profile');
        await tab.getByLabel('About me').fill('Mathematician; I write every morning.');
        await tab.getByRole('button', { name: 'Save profile' }).click();
        await expect.poll(() => tab.getByText('Profile saved.').count()).toBeGreaterThan(0);
        await expectAccessible(tab, 'profile saved');
        await screenshot(tab, width, 'tracker-profile');

        await tab.getByRole('button', { name: 'Sign out', exact: true }).click();
        await tab.waitForURL(/\/sign-in/);
        await expectAccessible(tab, 'signed out');
        // Signed out means signed out: the home sends the browser back to sign in.
        await tab.goto(`${site.tracker.url}/`);
        await tab.waitForURL(/\/sign-in/);
      } finally {
        await context.close();
      }
    });
  });
}

test.describe('every screen of the tracker front door', () => {
  test('passes the Nu HTML Checker and axe as the browser renders it, at 360 and 1280 px', async () => {
    test.setTimeout(240_000);
    const email = uniqueEmail('member.html');
    await createAccount(site.url, {
      email: email,
      name: 'Mary Somerville',
      password: 'orbital-1831',
      goal: 'Write a chapter a week',
    });
    // A real reset link for the form (an unknown token shows why it cannot be used instead).
    const asked = await fetch(`${site.tracker.url}/api/password-resets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.tracker.url },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    const resetMail = await mailTo('password-reset', email);
    const resetToken = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(resetMail)?.[1] ?? '';
    expect(resetToken).not.toBe('');

    const pages = new Map<string, string>();
    /** What the browser refused under the front door's Content Security Policy. */
    const refused: string[] = [];
    for (const width of [360, 1280]) {
      const { page, context } = await site.visitor(width);
      context.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) refused.push(message.text());
      });
      const tracker = site.tracker.url;
      const visit = async (name: string, heading: string) => {
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(heading);
        await expectAccessible(page, `${name} at ${width}`);
        if (width === 1280) {
          pages.set(
            name,
            `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`,
          );
        }
      };
      try {
        await page.goto(`${tracker}/sign-in`);
        await visit('sign-in', 'Sign in');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByText('There is a problem').waitFor();
        await visit('sign-in (with errors)', 'Sign in');
        await page.goto(`${tracker}/reset-password`);
        await visit('reset-password', 'Reset your password');
        await page.goto(`${tracker}/reset-password?token=${resetToken}`);
        await visit('reset-password (token)', 'Set a new password');
        await page.goto(`${tracker}/reset-password?token=not-a-real-one`);
        await visit('reset-password (unknown link)', 'This link is not valid');
        await page.goto(`${tracker}/no-such-page`);
        await visit('not found', 'Page not found');
        await signInToTracker(page, tracker, email, 'orbital-1831');
        await visit('home', 'Hello, Mary Somerville');
        await page.getByRole('link', { name: 'Edit profile' }).click();
        await visit('profile', 'Your profile');
        await page.getByLabel('Name', { exact: true }).fill(' ');
        await page.getByRole('button', { name: 'Save profile' }).click();
        await page.getByText('There is a problem').first().waitFor();
        await visit('profile (with errors)', 'Your profile');
      } finally {
        await context.close();
      }
    }
    // Every page carries the app's styles inline, allowed by their hash: nothing was refused.
    expect(refused).toEqual([]);
    const errors = await nuErrors(pages);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(pages.size).toBe(9);
  });
});
