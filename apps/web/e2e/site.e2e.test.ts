import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { savePicture } from './onboarding.ts';
import { PAGES, runningTestSite, waitHydrated } from './site.ts';

const site = runningTestSite();

/** Opens a page at `width` that records console errors (CSP violations land there) and crashes. */
async function openPage(context: BrowserContext, width: number) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

async function scrollThrough(page: Page) {
  // Lazy images load as they come into view; a full-page screenshot does not scroll.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
}

for (const width of [360, 768, 1280]) {
  test.describe(`the site at ${width} px`, () => {
    test('serves every marketing page under the strict CSP with one h1, no errors and images that load', async ({
      context,
    }) => {
      const { page, problems } = await openPage(context, width);
      const response = await page.goto(`${site.url}/`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");

      for (const [path, h1] of PAGES) {
        await page.goto(`${site.url}${path}`);
        await expect.poll(() => page.locator('h1').textContent()).toBe(h1);
        expect(await page.locator('h1').count()).toBe(1);
        await scrollThrough(page);
        const broken = () =>
          page.$$eval('img', (images) =>
            images
              .filter((image) => !image.complete || image.naturalWidth === 0)
              .map((image) => image.src),
          );
        await expect.poll(broken, { timeout: 10_000 }).toEqual([]);
        // Nothing may stick out sideways at this width.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        await savePicture(
          page,
          `${width}${path === '/' ? '-home' : path.replace(/\//g, '-')}.png`,
          { fullPage: true },
        );
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  });
}

/** What these check does not depend on the width: a phone's. */
const PHONE = 360;

test.describe("the site, at a phone's width", () => {
  test('takes a visitor from a home page area card to that area role step', async ({ context }) => {
    const { page } = await openPage(context, PHONE);
    await page.goto(`${site.url}/`);
    await page.getByRole('link', { name: /^School/ }).click();
    await page.waitForURL(`${site.url}/onboarding/school/role`);
    await page.close();
  });

  test('shows the live API status and the seeded teams on /api-test', async ({ context }) => {
    const { page, problems } = await openPage(context, PHONE);
    await page.goto(`${site.url}/api-test`);
    await page.getByRole('heading', { name: /^Teams \(\d+\)$/ }).waitFor();
    await page.getByRole('tab', { name: 'API Status' }).click();
    await page.getByText('Connection Successful').waitFor();
    await expect.poll(() => page.getByText('28 (expected 28)').count()).toBe(1);
    await savePicture(page, `${PHONE}-api-status.png`, { fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  test('tells the visitor an unknown confirmation link is not recognised', async ({ context }) => {
    const { page } = await openPage(context, PHONE);
    await page.goto(`${site.url}/confirm-email?token=not-a-real-token`);
    await page.getByRole('heading', { level: 1, name: 'We do not recognise this link' }).waitFor();
    await page.close();
  });
});

test.describe('the small-screen menu', () => {
  test('opens from the keyboard, shows the links and Sign In, and closes with Escape', async ({
    context,
  }) => {
    const { page } = await openPage(context, 360);
    await page.goto(`${site.url}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    // The menu opens once the page's script has taken it over; the page asks for its script after
    // its first paint.
    await waitHydrated(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('link', { name: /Sign In/ });
    await signIn.waitFor({ state: 'visible' });
    expect(await signIn.getAttribute('target')).toBe('_blank');
    await savePicture(page, '360-menu-open.png');
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'hidden' });
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.close();
  });
});

test.describe('a prerendered page', () => {
  /** The scripts a page's HTML names: the script tags, the modulepreloads and its listed ones. */
  async function namedScripts(page: Page, path: string) {
    const html = await (await page.request.get(`${site.url}${path}`)).text();
    const listed = /<meta name="app-scripts" content="([^"]*)">/.exec(html)?.[1] ?? '';
    return {
      tags: [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]),
      preloads: [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].length,
      listed: listed.split(' ').filter(Boolean),
    };
  }

  test('that is read carries one small script, which loads the listed ones after the first paint, and hydrates; the others link theirs', async ({
    context,
  }) => {
    const { page, problems } = await openPage(context, 360);
    for (const [path, h1] of [
      ['/', PAGES[0][1]],
      ['/pricing', 'Pricing'],
      ['/privacy', 'Privacy Policy'],
      ['/onboarding/work/role', 'Which best describes your role at work?'],
      // A later step with no flow stored is the role step it leads to.
      ['/onboarding/work/team', 'Which best describes your role at work?'],
      ['/thank-you', "You're All Set!"],
      ['/statechart', 'Onboarding statechart'],
      // Any unknown address: one not-found page for all.
      ['/no-such-page', '404 Page Not Found'],
    ] as const) {
      const named = await namedScripts(page, path);
      // Only the boot script is in the HTML, inline (no request before the first paint); the
      // app's entry comes first in the list.
      expect(named.tags).toEqual(['<script type="module">']);
      expect(named.preloads).toBe(0);
      expect(named.listed[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      await page.goto(`${site.url}${path}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(h1);
      await waitHydrated(page);
      // The page was painted, and every listed script was fetched, each once and only once the
      // paint was on screen.
      const fetched = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(fetched.paint).not.toBeNull();
      for (const script of named.listed) {
        const requests = fetched.scripts.filter((entry) => entry.path === script);
        expect(requests).toHaveLength(1);
        expect(requests[0]?.start).toBeGreaterThanOrEqual(
          fetched.paint ?? Number.POSITIVE_INFINITY,
        );
      }
    }
    // The not-found page names the address once it is the app's.
    await page.goto(`${site.url}/no/such/page`);
    await waitHydrated(page);
    await expect(page.locator('main code')).toHaveText('/no/such/page');
    // The e-mail confirmation, which checks the link's token as soon as it can, links its scripts
    // from its HTML.
    const linked = await namedScripts(page, '/confirm-email');
    expect(linked.tags).toEqual([
      expect.stringMatching(
        /^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/,
      ),
    ]);
    expect(linked.preloads).toBeGreaterThan(0);
    expect(linked.listed).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('opened where it is not painted (a background tab), loads its scripts at once', async ({
    context,
  }) => {
    const { page, problems } = await openPage(context, 360);
    // A hidden page gets no animation frames; the boot script must not wait for one.
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(`${site.url}/pricing`);
    await waitHydrated(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});

test.describe('scrolling', () => {
  /** Two frames: what the app does once it has rendered is done. */
  const settled = (page: Page) =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );

  test('a page scrolled before its script ran stays where the visitor scrolled; a link followed then opens the next page at its top', async ({
    context,
  }) => {
    const { page, problems } = await openPage(context, 360);
    await page.goto(`${site.url}/`);
    // The prerendered home is read and scrolled at once, as a person on a slow phone does.
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await waitHydrated(page);
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);

    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pricing');
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
