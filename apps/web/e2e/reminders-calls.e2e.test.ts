import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nuErrors } from './nu.ts';
import { expectJoinRequestSent, expectScreen, screenshot, uniqueEmail, YES } from './onboarding.ts';
import { approveJoinRequest, testSite } from './site.ts';

/**
 * Reminders and the team's calls on the tracker's front door, in Chromium against the real site
 * and its embedded tracker (the seeded team meets Tuesdays at 19:00 and Fridays at 07:30 Mountain
 * Time): an approved member sets the time and weekdays of their check-in reminder, bows out of
 * the calls and back in, and downloads the calls as an .ics. axe after every step, at 360 and
 * 1280 px.
 */

const site = testSite();
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'kepler-1609';

async function axe(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${screen}: ${violation.id} at ${node.target.join(' ')}`),
  );
  expect(lines).toEqual([]);
}

async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${site.url}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: YES }).click();
  await page.getByLabel('Your Name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Tell your team one sentence about your goals').fill('Read every day');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Yes, you can count on me' }).click();
  await page.getByRole('button', { name: "Yes, I'll join the check-ins" }).click();
  await expectScreen(page, '/onboarding/work/account', 'Last step: create your account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectJoinRequestSent(page);
}

async function html(page: Page): Promise<string> {
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

describe.each([
  [360, 740],
  [1280, 800],
])('an approved member at %i x %i', (width, height) => {
  it('sets reminder time and weekdays, bows out of the calls and back in, and downloads the .ics', async () => {
    const { page, context } = await site.visitor(width, height);
    const pages = new Map<string, string>();
    try {
      const email = uniqueEmail(`reminders.${width}`);
      const name = `Rhea Reader ${width}`;
      await signUp(page, email, name);
      await approveJoinRequest(site.tracker, email);

      await page.goto(`${site.tracker.url}/sign-in`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${site.tracker.url}/`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(`Hello, ${name}`);

      // The calls, on the member's own clock.
      const calls = page.getByRole('region', { name: 'Your team’s calls' });
      await expect.poll(() => calls.getByText(/^(Tuesday|Friday),? \d/).count()).toBe(2);
      await expect.poll(() => calls.getByText(name).count()).toBe(1);
      await axe(page, 'home with the calls');
      pages.set('home with the calls', await html(page));
      await screenshot(page, width, 'tracker-calls');

      await calls.getByRole('button', { name: 'Bow out of the calls' }).click();
      await expect
        .poll(() =>
          calls.getByText('You bowed out of the calls. You are still on the team.').count(),
        )
        .toBe(1);
      await expect.poll(() => page.getByRole('heading', { name: /^Your team: / }).count()).toBe(1);
      await axe(page, 'bowed out');
      await screenshot(page, width, 'tracker-calls-bowed-out');
      await calls.getByRole('button', { name: 'Join the calls again' }).click();
      await expect
        .poll(() => calls.getByRole('button', { name: 'Bow out of the calls' }).count())
        .toBe(1);
      await axe(page, 'back on the calls');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        calls.getByRole('link', { name: 'Add to my calendar (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('team-calls.ics');
      const ics = await readFile((await download.path()) ?? '', 'utf8');
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR');
      expect(ics).toMatch(/DTSTART;TZID=America\/Denver:\d{8}T190000/);
      await axe(page, 'calendar downloaded');

      // Reminders: 07:15 on Monday, Wednesday and Saturday.
      await page.getByRole('link', { name: 'Reminders' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Reminders');
      await expect.poll(() => page.getByLabel('Time').inputValue()).toBe('18:00');
      await axe(page, 'reminders');
      await screenshot(page, width, 'tracker-reminders');
      await page.getByLabel('Time').fill('07:15');
      for (const day of ['Tuesday', 'Thursday', 'Friday']) await page.getByLabel(day).uncheck();
      await page.getByLabel('Saturday').check();
      await page.getByRole('button', { name: 'Save reminders' }).click();
      await expect.poll(() => page.getByText('Reminders saved.').count()).toBeGreaterThan(0);
      await axe(page, 'reminders saved');
      pages.set('reminders', await html(page));
      await page.reload();
      await expect.poll(() => page.getByLabel('Time').inputValue()).toBe('07:15');
      for (const [day, on] of [
        ['Monday', true],
        ['Tuesday', false],
        ['Wednesday', true],
        ['Saturday', true],
        ['Sunday', false],
      ] as const) {
        await expect.poll(() => page.getByLabel(day).isChecked()).toBe(on);
      }
      // No day at all is refused, at the field.
      for (const day of ['Monday', 'Wednesday', 'Saturday']) await page.getByLabel(day).uncheck();
      await page.getByRole('button', { name: 'Save reminders' }).click();
      await expect.poll(() => page.getByText('Choose at least one day').count()).toBeGreaterThan(0);
      await axe(page, 'reminders refused');
      await screenshot(page, width, 'tracker-reminders-refused');
    } finally {
      await context.close();
    }
    const errors = await nuErrors(pages);
    expect(errors, errors.join('\n')).toEqual([]);
  }, 120_000);
});
