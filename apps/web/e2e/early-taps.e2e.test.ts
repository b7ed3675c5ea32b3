import { SLOW_PHONE_NETWORK, throttle } from '@app/server/slow-phone';
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { pathOf } from './onboarding.ts';
import { holdChunk, isHydrated, testSite } from './site.ts';

/**
 * A phone on a slow network: a control tapped as soon as it shows, long before the page's scripts
 * have run, is acted on. The role step's Continue (a role ticked), Other's empty Continue and the
 * API Status tab of /api-test, the header's menu button (a phone's), the thank-you screen's
 * Resend confirmation email (an address typed) and the tracker's Sign in (an address and a
 * password typed), in Chromium with DevTools' own network throttling (400 ms round trip, 400
 * kbit/s each way), on a phone: 360 px, touch. Each try is a first visit (a new
 * context: nothing cached). The page's scripts are held back until the tap is made, so that it
 * comes before they run however busy this machine is (on a quiet one they arrive seconds after
 * the control shows anyway); then they are let through. What is checked does not depend on the
 * width: the early taps are caught as clicks, which a touch and a mouse both make. `pnpm bench`
 * makes ten tries of the first three, unheld, at 360 and at 1280 px with the processor slowed 4x
 * too, and times them; here one of each proves none is dropped. The processor is not slowed here:
 * the held scripts already put the tap before the page's code, and Chromium's slowing of it cost
 * these six tests 40 s of processor time (`throttle` in `@app/server/slow-phone`).
 */

const site = testSite();

const TRIES = 1;
/** A phone's width (the bench tries a desktop's too). */
const WIDTH = 360;
/** The page's scripts, held until the tap is made (the page they replace never gets them). */
const SCRIPTS = /\/assets\/[^/]+\.js$/;
/** A throttled load: the scripts alone take 8 s or more; the flow and its calls come after. */
const SETTLED_MS = 90_000;

interface Control {
  name: string;
  path: string;
  /** The tracker's pages, where a member signs in, rather than the site's. */
  onTracker?: boolean;
  /**
   * Whether the page says it is getting ready while the tap waits for its code (a control that
   * does nothing without it); a native form or link is the browser's at once.
   */
  held?: boolean;
  /**
   * Taps the control as soon as it shows, and whatever must come first (a role ticked); says
   * whether the page's code had taken over just before the tap.
   */
  tap: (page: Page) => Promise<boolean>;
  /** Waits for what the tap leads to. */
  actedOn: (page: Page) => Promise<void>;
}

/**
 * A tap the moment the element shows, with no wait for it to be enabled (a person does not wait):
 * whether the page's code had taken over just before it.
 */
async function tapWhenVisible(page: Page, name: Parameters<Page['getByRole']>): Promise<boolean> {
  const control = page.getByRole(...name);
  await control.waitFor({ state: 'visible', timeout: SETTLED_MS });
  const hydrated = await isHydrated(page);
  await control.click({ force: true });
  return hydrated;
}

/** The word while a tap waits for the page's code (@app/ui's early-taps.js, in the boot script). */
const GETTING_READY = 'Getting ready...';

const RESEND_TO = 'early.tap@example.com';
const SIGNING_IN = 'early.sign-in@example.com';

const CONTROLS: Control[] = [
  {
    name: "the role step's Continue",
    path: '/onboarding/work/role',
    tap: async (page) => {
      await tapWhenVisible(page, ['radio', { name: 'Employee' }]);
      return tapWhenVisible(page, ['button', { name: 'Continue' }]);
    },
    actedOn: async (page) => {
      // The flow's next step: its team, with the seat held.
      await expect(page.getByRole('heading', { level: 1, name: /^You're in luck!/ })).toBeVisible({
        timeout: SETTLED_MS,
      });
      expect(pathOf(page)).toBe('/onboarding/work/team');
    },
  },
  {
    name: "Other's empty Continue",
    path: '/onboarding/other/role',
    tap: (page) => tapWhenVisible(page, ['button', { name: 'Continue' }]),
    actedOn: async (page) => {
      await expect(page.locator('#role-goal-error')).toHaveText('Please enter your goal', {
        timeout: SETTLED_MS,
      });
      expect(pathOf(page)).toBe('/onboarding/other/role');
    },
  },
  {
    name: "/api-test's API Status tab",
    path: '/api-test',
    tap: (page) => tapWhenVisible(page, ['tab', { name: 'API Status' }]),
    actedOn: async (page) => {
      await expect(page.getByRole('tab', { name: 'API Status' })).toHaveAttribute(
        'aria-selected',
        'true',
        { timeout: SETTLED_MS },
      );
      await expect(page.getByRole('tabpanel', { name: 'API Status' })).toBeVisible();
    },
  },
  {
    name: "the header's menu button",
    path: '/pricing',
    held: true,
    tap: (page) => tapWhenVisible(page, ['button', { name: 'Open menu' }]),
    actedOn: async (page) => {
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
        { timeout: SETTLED_MS },
      );
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }),
      ).toBeVisible();
    },
  },
  {
    // An onboarding end screen opened at its own address: a form without an action of its own,
    // the address typed before the page's code has run.
    name: "the thank-you screen's Resend confirmation email, an address typed",
    path: '/thank-you',
    held: true,
    tap: async (page) => {
      const field = page.getByRole('textbox', { name: 'Email', exact: true });
      await field.waitFor({ state: 'visible', timeout: SETTLED_MS });
      await field.fill(RESEND_TO);
      return tapWhenVisible(page, ['button', { name: 'Resend confirmation email' }]);
    },
    actedOn: async (page) => {
      await expect(
        page.getByRole('status').filter({ hasText: `If ${RESEND_TO} still needs confirming` }),
      ).toBeVisible({ timeout: SETTLED_MS });
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
        RESEND_TO,
      );
    },
  },
  {
    // The tracker's sign-in: a form posted by the browser itself before the app's code has run
    // would open the page again, empty. Held, it is the app's: the tracker's answer shows, with
    // the address kept (an address with no account, so the answer is a refusal).
    name: "the tracker's Sign in, an address and a password typed",
    path: '/sign-in',
    onTracker: true,
    held: true,
    tap: async (page) => {
      const email = page.getByRole('textbox', { name: 'Email address' });
      await email.waitFor({ state: 'visible', timeout: SETTLED_MS });
      await email.fill(SIGNING_IN);
      await page.getByLabel('Password', { exact: true }).fill('not anyone’s password');
      return tapWhenVisible(page, ['button', { name: 'Sign in', exact: true }]);
    },
    actedOn: async (page) => {
      await expect(page.getByRole('alert')).toContainText(
        'The email address or password is not right.',
        { timeout: SETTLED_MS },
      );
      await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(SIGNING_IN);
      expect(pathOf(page)).toBe('/sign-in');
    },
  },
];

for (const control of CONTROLS) {
  test(`on a throttled phone, ${control.name} tapped before the scripts run is acted on (${WIDTH} px)`, async () => {
    test.setTimeout(60_000 + TRIES * 2 * SETTLED_MS);
    for (let attempt = 1; attempt <= TRIES; attempt += 1) {
      const context = await site.newContext({
        viewport: { width: WIDTH, height: 800 },
        hasTouch: true,
        isMobile: true,
      });
      try {
        const page = await context.newPage();
        // The slow network only (1: the processor as it is).
        await throttle(page, SLOW_PHONE_NETWORK, 1);
        const scripts = await holdChunk(page, SCRIPTS);
        const origin = control.onTracker ? site.tracker.url : site.url;
        await page.goto(`${origin}${control.path}`, { waitUntil: 'commit' });
        const hydrated = await control.tap(page);
        expect(hydrated, `try ${attempt}: the tap came before the page's code ran`).toBe(false);
        if (control.held) {
          // Said plainly while the tap waits (the scripts are still held back).
          await expect(page.getByRole('status').filter({ hasText: GETTING_READY })).toBeVisible();
        }
        scripts.release();
        await control.actedOn(page);
      } finally {
        await context.close();
      }
    }
  });
}
