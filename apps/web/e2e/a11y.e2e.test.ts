import type { Page } from '@playwright/test';
import { axeFindings } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { focusWithoutRing } from './focus.ts';
import { expectScreen, STEP_TIMEOUT_MS } from './onboarding.ts';
import { PAGES, testSite, waitHydrated } from './site.ts';

/**
 * Automated accessibility checks (WCAG 2.0 / 2.1 A and AA, which include AA contrast) with axe on
 * every screen a visitor reaches, at a phone width and a desktop width, against the real server;
 * on the busiest screens also that every control reached with Tab shows its focus ring.
 */

const site = testSite();
const TEAM_HEADING = `You're in luck! Team "Deep Work Crew" has one slot left.`;

async function heading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

for (const width of [360, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    const visitor = async () => (await site.visitor(width)).page;

    test('marketing pages, 404, API test (both tabs), statechart and confirm-email have no WCAG A/AA violations', async () => {
      test.setTimeout(120_000);
      const page = await visitor();
      const found: string[] = [];
      for (const [path, h1] of PAGES) {
        await page.goto(`${site.url}${path}`);
        await heading(page, h1);
        found.push(...(await axeFindings(page, path)));
        if (path === '/') found.push(...(await focusWithoutRing(page, path)));
      }
      if (width < 640) {
        await waitHydrated(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: /Sign In/ }).waitFor({ state: 'visible' });
        found.push(...(await axeFindings(page, '/no-such-page with the menu open')));
        await page.keyboard.press('Escape');
      }

      await page.goto(`${site.url}/api-test`);
      await page.getByRole('tab', { name: 'API Test' }).waitFor();
      await page.getByRole('tabpanel').waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeFindings(page, '/api-test (API Test tab)')));
      await page.getByRole('tab', { name: 'API Status' }).click();
      await expect
        .poll(() => page.getByRole('tab', { name: 'API Status' }).getAttribute('aria-selected'))
        .toBe('true');
      await page.waitForLoadState('networkidle');
      found.push(...(await axeFindings(page, '/api-test (API Status tab)')));
      found.push(...(await focusWithoutRing(page, '/api-test')));

      await page.goto(`${site.url}/statechart`);
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeFindings(page, '/statechart')));
      found.push(...(await focusWithoutRing(page, '/statechart')));

      await page.goto(`${site.url}/confirm-email?token=x`);
      await heading(page, 'We do not recognise this link');
      found.push(...(await axeFindings(page, '/confirm-email?token=x')));

      expect(found, found.join('\n')).toEqual([]);
      await page.context().close();
      // Ten pages, each audited, some also walked through with Tab: slow when the cores are busy.
    });

    test('onboarding start, role, the real team, intro, maybe and no have no WCAG A/AA violations', async () => {
      const page = await visitor();
      const found: string[] = [];
      await page.goto(`${site.url}/onboarding`);
      await page.locator('h1').waitFor();
      found.push(...(await axeFindings(page, '/onboarding')));

      await page.goto(`${site.url}/onboarding/work/role`);
      await expectScreen(page, '/onboarding/work/role', 'Which best describes your role at work?');
      found.push(...(await axeFindings(page, 'role')));

      await page.getByLabel('Employee', { exact: true }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectScreen(page, '/onboarding/work/team', TEAM_HEADING);
      const members = page.getByRole('list', { name: 'Members of Team Deep Work Crew' });
      await members.getByText('Your spot', { exact: true }).waitFor();
      found.push(...(await axeFindings(page, 'team')));
      found.push(...(await focusWithoutRing(page, 'team')));

      await page.getByRole('button', { name: 'Maybe', exact: true }).click();
      await expectScreen(page, '/onboarding/work/maybe', 'Book Your More Info Call');
      await page.getByText(/at 1:00 PM Mountain Time$/).waitFor({ timeout: STEP_TIMEOUT_MS });
      found.push(...(await axeFindings(page, 'maybe')));
      await page.getByRole('button', { name: 'Go back', exact: true }).click();
      await expectScreen(page, '/onboarding/work/team', TEAM_HEADING);

      await page.getByRole('button', { name: 'No thanks', exact: true }).click();
      await expectScreen(page, '/onboarding/work/no', 'Why are you not ready to join this team?');
      found.push(...(await axeFindings(page, 'no')));
      found.push(...(await focusWithoutRing(page, 'no')));
      await page.goBack();
      await expectScreen(page, '/onboarding/work/team', TEAM_HEADING);

      await page
        .getByRole('button', {
          name: "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes",
        })
        .click();
      await expectScreen(
        page,
        '/onboarding/work/intro',
        'Introduce yourself to Team Deep Work Crew',
      );
      found.push(...(await axeFindings(page, 'intro')));

      expect(found, found.join('\n')).toEqual([]);
      await page.context().close();
    });
  });
}
