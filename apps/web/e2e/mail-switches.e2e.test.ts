import { expectAccessibleEach } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectFocusAfter } from './focus.ts';
import { screenshotEach, uniqueEmail, WINDOWS } from './onboarding.ts';
import { approvedMemberAtHome, testSite } from './site.ts';

/**
 * The Reminders page's emails, in Chromium against the real site and its embedded tracker: an
 * approved member sees each kind of mail with its switch, turns each one off and on again with
 * one press, focus staying on the box (visible and named), and the choice survives a reload. The
 * steps do not depend on the width: they run at 360 px, and axe holds every step to 360 and 1280 px
 * (the boxes' target size is a matter of width).
 */

const site = testSite();
const KINDS = [
  ['Reminders to check in', true],
  ['Weekly recap', true],
  ['Daily digest', false],
  ['Nudges', true],
] as const;

const [width, height] = WINDOWS[0];

test.describe(`an approved member at ${width} x ${height}`, () => {
  test('turns each kind of email off and on again on the Reminders page', async () => {
    test.setTimeout(300_000);
    const { page, context } = await site.visitor(width, height);
    try {
      const name = `Mia Mails ${width}`;
      await approvedMemberAtHome(page, site, {
        email: uniqueEmail(`mails.${width}`),
        name,
        password: 'kepler-1609',
        goal: 'Write every morning',
      });
      await page.getByRole('link', { name: 'Reminders' }).click();
      const card = page.getByRole('region', { name: 'Emails' });
      for (const [label, on] of KINDS) {
        await expect.poll(() => card.getByRole('checkbox', { name: label }).isChecked()).toBe(on);
      }
      await expectAccessibleEach(page, 'emails');
      await screenshotEach(page, 'tracker-emails');

      for (const [label, on] of KINDS) {
        const box = card.getByRole('checkbox', { name: label });
        for (const next of [!on, on]) {
          await box.click();
          await expect
            .poll(() => page.getByText(`${label}: ${next ? 'on' : 'off'}.`).count())
            .toBeGreaterThan(0);
          await expect.poll(() => box.isChecked()).toBe(next);
          await expectFocusAfter(`${label} ${next ? 'on' : 'off'}`, box, label);
          if (next !== on) await expectAccessibleEach(page, `${label} ${next ? 'on' : 'off'}`);
        }
      }

      // Off stays off across a reload: the tracker holds it.
      await card.getByRole('checkbox', { name: 'Weekly recap' }).click();
      await expect.poll(() => page.getByText('Weekly recap: off.').count()).toBeGreaterThan(0);
      await page.reload();
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: 'Emails' })
            .getByRole('checkbox', { name: 'Weekly recap' })
            .isChecked(),
        )
        .toBe(false);
      await expectAccessibleEach(page, 'recap off after a reload');
    } finally {
      await context.close();
    }
  });
});
