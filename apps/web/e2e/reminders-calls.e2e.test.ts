import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessibleEach } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { nuErrors } from './nu.ts';
import { screenshotEach, uniqueEmail, WINDOWS } from './onboarding.ts';
import { approvedMemberAtHome, testSite } from './site.ts';

/**
 * Reminders and the team's calls on the tracker's front door, in Chromium against the real site
 * and its embedded tracker (the seeded team meets Tuesdays at 19:00 and Fridays at 07:30 Mountain
 * Time): an approved member sets the time and weekdays of their check-in reminder, bows out of
 * the calls and back in, and downloads the calls as an .ics. None of it depends on the width: at
 * 360 px, each screen held to 1280 px too (axe at both, nothing sideways, a picture), and its HTML
 * checked by the Nu HTML Checker.
 */

const site = testSite();
const PASSWORD = 'kepler-1609';

async function html(page: Page): Promise<string> {
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

const [width, height] = WINDOWS[0];

test.describe(`an approved member at ${width} x ${height}`, () => {
  test('sets reminder time and weekdays, bows out of the calls and back in, and downloads the .ics', async () => {
    test.setTimeout(120_000);
    const { page, context } = await site.visitor(width, height);
    const pages = new Map<string, string>();
    try {
      const email = uniqueEmail(`reminders.${width}`);
      const name = `Rhea Reader ${width}`;
      await approvedMemberAtHome(page, site, {
        email,
        name,
        password: PASSWORD,
        goal: 'Read every day',
      });

      // The calls, on the member's own clock.
      const calls = page.getByRole('region', { name: 'Your team’s calls' });
      await expect.poll(() => calls.getByText(/^(Tuesday|Friday),? \d/).count()).toBe(2);
      await expect.poll(() => calls.getByText(name).count()).toBe(1);
      await expectAccessibleEach(page, 'home with the calls');
      pages.set('home with the calls', await html(page));
      await screenshotEach(page, 'tracker-calls');

      await calls.getByRole('button', { name: 'Bow out of the calls' }).click();
      await expect
        .poll(() =>
          calls.getByText('You bowed out of the calls. You are still on the team.').count(),
        )
        .toBe(1);
      await expect.poll(() => page.getByRole('heading', { name: /^Your team: / }).count()).toBe(1);
      await expectAccessibleEach(page, 'bowed out');
      await screenshotEach(page, 'tracker-calls-bowed-out');
      await calls.getByRole('button', { name: 'Join the calls again' }).click();
      await expect
        .poll(() => calls.getByRole('button', { name: 'Bow out of the calls' }).count())
        .toBe(1);
      await expectAccessibleEach(page, 'back on the calls');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        calls.getByRole('link', { name: 'Add to my calendar (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('team-calls.ics');
      const ics = await readFile((await download.path()) ?? '', 'utf8');
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR');
      expect(ics).toMatch(/DTSTART;TZID=America\/Denver:\d{8}T190000/);
      await expectAccessibleEach(page, 'calendar downloaded');

      // Reminders: 07:15 on Monday, Wednesday and Saturday.
      await page.getByRole('link', { name: 'Reminders' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Reminders');
      await expect.poll(() => page.getByLabel('Time').inputValue()).toBe('18:00');
      await expectAccessibleEach(page, 'reminders');
      await screenshotEach(page, 'tracker-reminders');
      await page.getByLabel('Time').fill('07:15');
      for (const day of ['Tuesday', 'Thursday', 'Friday']) await page.getByLabel(day).uncheck();
      await page.getByLabel('Saturday').check();
      await page.getByRole('button', { name: 'Save reminders' }).click();
      await expect.poll(() => page.getByText('Reminders saved.').count()).toBeGreaterThan(0);
      await expectAccessibleEach(page, 'reminders saved');
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
      await expectAccessibleEach(page, 'reminders refused');
      await screenshotEach(page, 'tracker-reminders-refused');
    } finally {
      await context.close();
    }
    const errors = await nuErrors(pages);
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
