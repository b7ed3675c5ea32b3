import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { PAGES, runningTestSite } from './site.ts';

const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });

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
        await page.screenshot({
          path: `${shots}${width}${path === '/' ? '-home' : path.replace(/\//g, '-')}.png`,
          fullPage: true,
        });
      }
      expect(problems).toEqual([]);
      await page.close();
    });

    test('takes a visitor from a home page area card to that area role step', async ({
      context,
    }) => {
      const { page } = await openPage(context, width);
      await page.goto(`${site.url}/`);
      await page.getByRole('link', { name: /^School/ }).click();
      await page.waitForURL(`${site.url}/onboarding/school/role`);
      await page.close();
    });

    test('shows the live API status and the seeded teams on /api-test', async ({ context }) => {
      const { page, problems } = await openPage(context, width);
      await page.goto(`${site.url}/api-test`);
      await page.getByRole('heading', { name: /^Teams \(\d+\)$/ }).waitFor();
      await page.getByRole('tab', { name: 'API Status' }).click();
      await page.getByText('Connection Successful').waitFor();
      await expect.poll(() => page.getByText('28 (expected 28)').count()).toBe(1);
      await page.screenshot({ path: `${shots}${width}-api-status.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    test('tells the visitor an unknown confirmation link is not recognised', async ({
      context,
    }) => {
      const { page } = await openPage(context, width);
      await page.goto(`${site.url}/confirm-email?token=not-a-real-token`);
      await page
        .getByRole('heading', { level: 1, name: 'We do not recognise this link' })
        .waitFor();
      await page.close();
    });
  });
}

test.describe('the small-screen menu', () => {
  test('opens from the keyboard, shows the links and Sign In, and closes with Escape', async ({
    context,
  }) => {
    const { page } = await openPage(context, 360);
    await page.goto(`${site.url}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('link', { name: /Sign In/ });
    await signIn.waitFor({ state: 'visible' });
    expect(await signIn.getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: `${shots}360-menu-open.png` });
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'hidden' });
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.close();
  });
});
