import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { AFTERNOON, MORNING, zoneWhereTheHourIs } from './clock.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectFocusAfter } from './focus.ts';
import { decodeMail } from './mail.ts';
import { nuErrors } from './nu.ts';
import { screenshot, uniqueEmail, WINDOWS } from './onboarding.ts';
import { approvedMemberAtHome, testSite } from './site.ts';

/**
 * The daily loop on the tracker's front door, in Chromium against the real site and its embedded
 * tracker (seeded, so the team has weeks of check-ins): an approved member answers "Did you do
 * that thing today?" with a note in one tap, opens the team board with the seeded teammates (the
 * 14 days as a table of words, each week against 5), and nudges a teammate who has not answered,
 * which mails them. axe after every step, at 360 and 1280 px, one in the member's morning and one
 * in their afternoon.
 */

const site = testSite();
const PASSWORD = 'kepler-1609';

/** The seed's addresses: the member's name as a slug at example.com. */
const seedEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}@example.com`;

/** The nudge mailed to `to` from the member called `from`, once the outbox has sent it. */
async function nudgeMail(to: string, from: string): Promise<string> {
  const outbox = join(site.tracker.dataDir, 'outbox');
  let found = '';
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
        file.endsWith('-nudge.eml'),
      );
      for (const file of files) {
        const text = decodeMail(await readFile(join(outbox, file), 'utf8'));
        if (text.includes(`To: ${to}`) && text.includes(from)) found = text;
      }
      return found !== '';
    })
    .toBe(true);
  return found;
}

const SEEDED_TEAMMATES = ['Maya Thompson', 'Daniel Okafor', 'Priya Raman'];

/** The screens as the browser rendered them, for the Nu HTML Checker. */
async function html(page: Page): Promise<string> {
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

/**
 * Each window meets the member on a chosen side of noon in their own zone (the zone is picked by
 * the hour it is there now, so the run does not depend on the machine's clock): in the morning
 * yesterday's question is still open below today's, in the afternoon only today's is.
 */
const SIDES = { 360: ['afternoon', AFTERNOON], 1280: ['morning', MORNING] } as const;

for (const [width, height] of WINDOWS) {
  const [side, hours] = SIDES[width];
  test.describe(`an approved member at ${width} x ${height}, in the ${side}`, () => {
    test('checks in with one tap and a note, sees the board with the seeded teammates, and nudges one', async () => {
      test.setTimeout(120_000);
      const zone = zoneWhereTheHourIs(...hours);
      const { page, context } = await site.visitor(width, height, zone);
      const pages = new Map<string, string>();
      try {
        const email = uniqueEmail(`check-in.${width}`);
        const name = `Nora Walker ${width}`;
        await approvedMemberAtHome(page, site, {
          email,
          name,
          password: PASSWORD,
          goal: 'Walk 8,000 steps a day',
        });
        const card = page.getByRole('region', { name: 'Did you do that thing today?' });
        await expect.poll(() => card.getByText('“Walk 8,000 steps a day”').count()).toBe(1);
        // The browser's zone was taken on this first load.
        await expect
          .poll(() => card.getByText(`${zone.replaceAll('_', ' ')} time zone`).count())
          .toBe(1);
        const today = card.getByRole('form', { name: /^Today, / });
        const yesterday = card.getByRole('form', {
          name: /^Did you do that thing yesterday\? \(.+, open until noon\)$/,
        });
        await expect.poll(() => today.count()).toBe(1);
        await expect.poll(() => yesterday.count()).toBe(side === 'morning' ? 1 : 0);
        await expect
          .poll(() => card.getByLabel('Note (optional)').count())
          .toBe(side === 'morning' ? 2 : 1);
        await expectAccessible(page, 'home with the check-in');
        await screenshot(page, width, `tracker-check-in-${side}`);
        const yes = today.getByRole('button', { name: 'Yes', exact: true });
        const notToday = today.getByRole('button', { name: 'Not today', exact: true });
        if (width === 360) {
          // On a phone the day's answer is on the first screen, without scrolling.
          const box = await yes.boundingBox();
          expect(box, 'the Yes button is drawn').not.toBeNull();
          expect(
            (box?.y ?? 0) + (box?.height ?? 0),
            'the Yes button ends above the fold',
          ).toBeLessThan(height);
        }

        // Each answer redraws the day's form: focus stays on the answer given, now pressed.
        await today.getByLabel('Note (optional)').fill('A long walk by the river');
        await notToday.click();
        await expect.poll(() => notToday.getAttribute('aria-pressed')).toBe('true');
        await expectFocusAfter('Not today', notToday);
        await yes.click();
        await expectFocusAfter('Yes', yes);
        await expect
          .poll(() => today.getByText(/^Your answer: Yes \(“A long walk by the river”\)/).count())
          .toBe(1);
        await expect
          .poll(() =>
            today.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        if (side === 'morning') {
          // Yesterday's answer is its own: today's Yes left it unanswered.
          await expect
            .poll(() =>
              yesterday
                .getByRole('button', { name: 'Yes', exact: true })
                .getAttribute('aria-pressed'),
            )
            .toBe('false');
        }
        await expectAccessible(page, 'checked in');
        pages.set('home checked in', await html(page));
        await screenshot(page, width, 'tracker-checked-in');

        await card.getByRole('link', { name: 'See the team board' }).click();
        await page.waitForURL(`${site.tracker.url}/team`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe('Team Deep Work Crew');
        const table = page.getByRole('table');
        for (const mate of [...SEEDED_TEAMMATES, name]) {
          await expect.poll(() => table.getByRole('rowheader', { name: mate }).count()).toBe(1);
        }
        // Fourteen days, in words: the seeded teammates have weeks of answers.
        await expect.poll(() => table.getByRole('columnheader').count()).toBe(15);
        await expect
          .poll(() => table.getByRole('cell', { name: 'Yes' }).count())
          .toBeGreaterThan(5);
        const own = page.getByRole('listitem').filter({ hasText: name });
        await expect.poll(() => own.getByText('Today: Yes').count()).toBe(1);
        await expect.poll(() => own.getByText(/^[1-7] of 5 this week$/).count()).toBe(1);
        await expectAccessible(page, 'team board');
        pages.set('team board', await html(page));
        await screenshot(page, width, 'tracker-team-board');

        const nudge = page.getByRole('button', { name: /^Nudge / }).first();
        const label = (await nudge.getAttribute('aria-label')) ?? '';
        const mate = label.replace(/^Nudge /, '');
        expect(SEEDED_TEAMMATES).toContain(mate);
        await nudge.click();
        await expect
          .poll(() => page.getByText(`Nudge sent to ${mate}.`, { exact: true }).count())
          .toBeGreaterThan(0);
        await expect.poll(() => page.getByText(`You nudged ${mate} today.`).count()).toBe(1);
        await expect.poll(() => page.getByRole('button', { name: label }).count()).toBe(0);
        await expectAccessible(page, 'nudged');
        await screenshot(page, width, 'tracker-nudged');
        const mail = await nudgeMail(seedEmail(mate), name);
        expect(mail).toContain('Your team is asking: did you do that thing today?');

        // The board is the team's only: another team's board is not there for this member.
        const other = await page.request.get(`${site.tracker.url}/api/teams/2/board`);
        expect(other.status()).toBe(404);

        await page.getByRole('link', { name: 'Profile' }).click();
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe('Your profile');
        await expect.poll(() => page.getByLabel('Your time zone').inputValue()).toBe(zone);
        await page.getByLabel('Your time zone').selectOption('Europe/Berlin');
        await page.getByRole('button', { name: 'Save time zone' }).click();
        await expect.poll(() => page.getByText('Time zone saved.').count()).toBeGreaterThan(0);
        await expectAccessible(page, 'time zone saved');
        pages.set('profile with the time zone', await html(page));
      } finally {
        await context.close();
      }
      const errors = await nuErrors(pages);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  });
}
