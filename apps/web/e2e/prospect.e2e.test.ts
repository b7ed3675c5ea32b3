import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@app/contracts';
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import {
  choosePhoto,
  errorSummary,
  expectJoinRequestSent,
  expectScreen,
  expectToast,
  pathOf,
  screenshot,
  screenshotEach,
  uniqueEmail,
  YES,
  yesToAccount,
} from './onboarding.ts';
import { testSite, waitHydrated } from './site.ts';

/**
 * What a prospect meets beyond the happy path, at a phone width and a desktop width: one way of
 * showing errors, checks at the moment of input, typed text kept, the trust pages, an error
 * screen that offers a way out, and end screens that repeat what was booked.
 */

const site = testSite();

/** A phone is 740 px tall here, so the fold is where a phone has it. */
const visitor = (width: number) => site.visitor(width, width < 640 ? 740 : 800);

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).locator('li');
}

/** Work / Employee to the team, then Yes. */
async function toTeam(page: Page) {
  await page.goto(`${site.url}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function toIntro(page: Page) {
  await toTeam(page);
  await page.getByRole('button', { name: YES }).click();
  await expectScreen(page, '/onboarding/work/intro', 'Introduce yourself to Team Deep Work Crew');
}

for (const width of [360, 1280]) {
  test.describe(`a prospect at ${width} px`, () => {
    test('a 5-character password is refused in the summary, not a toast; a text file named .png is refused when chosen; thank-you resends the confirmation email', async () => {
      const { page, problems, context } = await visitor(width);
      await toTeam(page);
      await yesToAccount(page, 'Ada Lovelace', 'Ship it.');

      const email = uniqueEmail(`ada.short.${width}`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      expect(await errorSummary(page)).toEqual([MESSAGES.enterPassword]);
      // The hint is read with the field, once, and is not an error of its own.
      expect(await page.getByText(MESSAGES.passwordHint, { exact: true }).count()).toBe(1);
      expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.title()).toMatch(/^Error: Step 7 of 8 \| /);
      expect(await toasts(page).count()).toBe(0);
      expect(pathOf(page)).toBe('/onboarding/work/account');
      // The summary's link takes the visitor to the field.
      await page.getByRole('link', { name: MESSAGES.enterPassword }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('account-password');
      await screenshot(page, width, 'prospect-short-password');

      // One character is enough: the hint's 6 are shown, not enforced (spec 5, 9).
      await page.getByLabel('Password').fill('e');
      await page.getByRole('button', { name: /^Submit join request/ }).click();
      await expectJoinRequestSent(page);

      // Text with an image's name: refused on choosing, never previewed, message beside the control.
      await choosePhoto(page, {
        name: 'holiday.png',
        mimeType: 'image/png',
        buffer: Buffer.from('These are my holiday notes, not a picture.'),
      });
      const message = page.locator('#profile-photo-error');
      await expect.poll(() => message.textContent()).toBe(MESSAGES.photoNotImage);
      expect(await page.locator('#profile-photo').getAttribute('aria-describedby')).toBe(
        'profile-photo-error',
      );
      expect(await page.getByRole('img', { name: 'You, as your team will see you' }).count()).toBe(
        0,
      );
      // No photo is held, so the control still offers to upload one.
      expect(await page.getByText('Upload photo', { exact: true }).count()).toBe(1);
      expect(await message.isVisible()).toBe(true);
      const box = await message.boundingBox();
      const viewport = page.viewportSize();
      expect(box !== null && viewport !== null && box.y + box.height <= viewport.height).toBe(true);
      await page.getByRole('button', { name: 'Complete Profile' }).click();
      await expectToast(page, MESSAGES.photoTypeErrorTitle, MESSAGES.photoNotImage);
      expect(pathOf(page)).toBe('/onboarding/work/confirm');
      await screenshot(page, width, 'prospect-photo-not-image');

      // thank-you: "Resend confirmation email" to the address just signed up with.
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await expectScreen(page, '/thank-you', "You're All Set!");
      const status = page.getByRole('status').filter({ hasText: /still needs confirming/ });
      expect(await status.count()).toBe(0);
      const resent = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/confirm-email/resend',
      );
      await page.getByRole('button', { name: MESSAGES.resendConfirmation }).click();
      const answer = await resent;
      expect(answer.status()).toBe(202);
      expect(answer.request().postDataJSON()).toEqual({ email });
      await expect
        .poll(() => status.textContent())
        .toBe(
          `If ${email} still needs confirming, a new confirmation email is on its way. We send at most one a minute, so please give it a few minutes to arrive.`,
        );
      await expect.poll(() => page.title()).not.toMatch(/^Error: /);
      await screenshot(page, width, 'prospect-thank-you-resent');

      // Reloaded after the flow, the screen no longer knows the address: it asks for it, with the
      // one error pattern for a blank submit.
      await page.reload();
      await expectScreen(page, '/thank-you', "You're All Set!");
      await page.getByRole('button', { name: MESSAGES.resendConfirmation }).click();
      expect(await errorSummary(page)).toEqual([MESSAGES.enterEmail]);
      await expect.poll(() => page.title()).toMatch(/^Error: /);
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, width, 'prospect-thank-you-resend-error');
      await page.getByLabel('Email').fill(email);
      const again = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/confirm-email/resend',
      );
      await page.getByRole('button', { name: MESSAGES.resendConfirmation }).click();
      expect((await again).status()).toBe(202);
      await expect.poll(() => status.count()).toBe(1);
      await expect.poll(() => page.title()).not.toMatch(/^Error: /);
      expect(await toasts(page).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}

/**
 * What these check (a link, a reload, a download, an error screen) is the same at any width: they
 * run on a phone, and each screen they stop at is held to both windows (`screenshotEach`).
 */
test.describe('a prospect at 360 px', () => {
  const width = 360;
  test('a confirmation link that does not work offers a new one', async () => {
    const { page, problems, context } = await visitor(width);
    await page.goto(`${site.url}/confirm-email?token=not-a-real-token`);
    await expectScreen(
      page,
      '/confirm-email?token=not-a-real-token',
      'We do not recognise this link',
    );
    await page.getByLabel('Email').fill('grace@example.com');
    const resent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/confirm-email/resend',
    );
    await page.getByRole('button', { name: MESSAGES.resendConfirmation }).click();
    expect((await resent).status()).toBe(202);
    await page
      .getByRole('status')
      .filter({ hasText: /^If grace@example\.com still needs/ })
      .waitFor();
    await screenshotEach(page, 'prospect-confirm-email-new-link');
    // The browser logs the unknown link's 404 answer; nothing else may go wrong (no hydration
    // mismatch of the prerendered page with the link's token).
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    await context.close();
  });

  test('typed text survives a reload; the trust pages load from the footer; 404 shows no developer hint', async () => {
    const { page, problems, context } = await visitor(width);
    await toIntro(page);
    await page.getByLabel('Your Name').fill('Grace Hopper');
    await page.reload();
    await expectScreen(page, '/onboarding/work/intro', 'Introduce yourself to Team Deep Work Crew');
    await expect.poll(() => page.getByLabel('Your Name').inputValue()).toBe('Grace Hopper');

    for (const [name, path] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expectScreen(page, path, name);
      await screenshotEach(page, `prospect-${path.slice(1)}`);
    }
    const privacy = await (await fetch(`${site.url}/privacy`)).text();
    expect(privacy.length).toBeGreaterThan(0);
    await page.goto(`${site.url}/privacy`);
    await page.getByRole('heading', { name: 'Cookies and browser storage' }).waitFor();
    await page.getByText(/We set one cookie: a session cookie/).waitFor();

    await page.goto(`${site.url}/no-such-page`);
    await expectScreen(page, '/no-such-page', MESSAGES.notFound);
    expect(await page.getByText(/Developer hint/).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('maybe-submitted repeats the booked time and offers an .ics at 13:00 America/Denver on that day', async () => {
    const { page, problems, context } = await visitor(width);
    await page.goto(`${site.url}/onboarding/school/role`);
    await page.getByLabel('College Student', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Maybe', exact: true }).click();
    await expectScreen(page, '/onboarding/school/maybe', 'Book Your More Info Call');
    const { date } = (await (
      await fetch(`${site.url}/api/booking/next-available-date`)
    ).json()) as { date: string };
    const denver = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Denver',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(date))
        .map((part) => [part.type, part.value]),
    );
    const mountain = await page.getByText(/ at 1:00 PM Mountain Time$/).textContent();
    const local = await page.getByText(/^That is .* where you are\.$/).textContent();

    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('555 0100');
    await page.getByRole('button', { name: 'Book This Time' }).click();
    await expectScreen(page, '/maybe-submitted', 'Thank You for Booking Your Call!');
    await page
      .getByText(
        'Your info call is booked for 1pm Mountain Time. We look forward to speaking with you.',
      )
      .waitFor();
    expect(await page.getByText(mountain ?? '-', { exact: true }).count()).toBe(1);
    expect(await page.getByText(local ?? '-', { exact: true }).count()).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('info-call.ics');
    const path = await file.path();
    const ics = await readFile(path, 'utf8');
    // The booked instant, which is 13:00 on the booked day in Denver, written in UTC.
    const utc = new Date(date)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utc}\r\n`);
    expect(`${denver.hour}:${denver.minute}`).toBe('13:00');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    await screenshotEach(page, 'prospect-maybe-submitted');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a page whose code cannot be loaded shows the error screen, and Reload brings it back', async () => {
    const { page, context } = await visitor(width);
    await page.goto(`${site.url}/`);
    // The app has taken the page over (its scripts come after the first paint).
    await waitHydrated(page);
    // As after a deploy: the chunks the open page knows of are gone.
    await page.route('**/assets/**', (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState({}, '', '/pricing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    await screenshotEach(page, 'prospect-error-screen');
    await page.unroute('**/assets/**');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expectScreen(page, '/pricing', 'Pricing');
    await context.close();
  });
});

test.describe('a prospect on a slow connection', () => {
  /** A fresh visitor on the prerendered step, whose code takes a second more to arrive. */
  async function slowStep(path: string) {
    const opened = await visitor(360);
    await opened.page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await opened.page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
    return opened;
  }

  test('an option ticked and a goal typed before the page code has run are the answers once it has', async () => {
    const ticked = await slowStep('/onboarding/work/role');
    await ticked.page.getByLabel('Management', { exact: true }).check();
    // Continue works before the code runs too: the step's own form sends the tick in the address,
    // and the flow takes it once the code has run (`early-taps.e2e.test.ts` times it on a phone).
    await expect(ticked.page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await ticked.page.getByRole('button', { name: 'Continue' }).click();
    await expectScreen(
      ticked.page,
      '/onboarding/work/team',
      'You\'re in luck! Team "Lead With Intent" has one slot left.',
    );
    expect(ticked.problems).toEqual([]);
    await ticked.context.close();

    const typed = await slowStep('/onboarding/other/role');
    await typed.page.getByLabel('Your goal').fill('Run three mornings a week');
    await typed.page.getByRole('button', { name: 'Continue' }).click();
    await expectScreen(
      typed.page,
      '/onboarding/other/team',
      'You\'re in luck! Team "Healthy Habits" has one slot left.',
    );
    expect(typed.problems).toEqual([]);
    await typed.context.close();
  });
});
