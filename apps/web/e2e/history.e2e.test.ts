import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import {
  expectScreen,
  pathOf,
  STEP_TIMEOUT_MS,
  screenshotEach,
  WINDOWS,
  YES,
} from './onboarding.ts';
import { testSite } from './site.ts';

/**
 * The browser's Back and Forward move through the onboarding steps, and Forward retraces the steps
 * Back undid, whichever Back it was: the browser's own or the page's Go back. A step opened
 * directly (a link, a new tab) has no step before it in the tab's history: its Go back still shows
 * the step before, without leaving the site. In Chromium against the real site server.
 */

const site = testSite();

const TEAM_HEADING = /^You're in luck! Team "(.+)" has one slot left\.$/;
const INTRO = '/onboarding/work/intro';
const GOAL = '/onboarding/work/goal';
const COMMIT = '/onboarding/work/commit';
const GOAL_HEADING = 'Join Request Almost Sent';
const COMMIT_HEADING = 'Can your team count on you?';
const GOAL_LABEL = 'Tell your team one sentence about your goals';
const NAME = 'Ada Lovelace';
const GOAL_TEXT = 'Write two pages of my book every weekday.';

/** Work / Employee, its team, Yes: the intro step. Returns the intro step's heading. */
async function toIntro(page: Page): Promise<string> {
  await page.goto(`${site.url}/onboarding/work/role`);
  await page.getByLabel('Employee', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const team = page.locator('h1').filter({ hasText: TEAM_HEADING });
  await team.waitFor({ timeout: STEP_TIMEOUT_MS });
  const name = TEAM_HEADING.exec((await team.textContent()) ?? '')?.[1] ?? '';
  await page.getByRole('button', { name: YES }).click();
  const heading = `Introduce yourself to Team ${name}`;
  await expectScreen(page, INTRO, heading);
  return heading;
}

/** Intro and goal answered: two steps forward, to the commit step. */
async function twoStepsForward(page: Page, introHeading: string): Promise<void> {
  await expectScreen(page, INTRO, introHeading);
  await page.getByLabel('Your Name').fill(NAME);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectScreen(page, GOAL, GOAL_HEADING);
  await page.getByLabel(GOAL_LABEL).fill(GOAL_TEXT);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectScreen(page, COMMIT, COMMIT_HEADING);
}

const goBack = (page: Page) => page.getByRole('button', { name: 'Go back', exact: true }).click();

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/**
 * Going back and forth is the same at any width: the steps run on a phone, and each screen they
 * stop at is held to both windows (`screenshotEach`).
 */
const [width, height] = WINDOWS[0];
test.describe(`history at ${width} x ${height}`, () => {
  test("Forward after the page's Go back returns to the step it undid, with what was entered", async () => {
    const { page, context, problems } = await site.visitor(width, height);
    try {
      const introHeading = await toIntro(page);
      await twoStepsForward(page, introHeading);
      const entries = await historyLength(page);

      // Go back twice: each goes back one entry, as the browser's Back does.
      await goBack(page);
      await expectScreen(page, GOAL, GOAL_HEADING);
      expect(await page.getByLabel(GOAL_LABEL).inputValue()).toBe(GOAL_TEXT);
      await goBack(page);
      await expectScreen(page, INTRO, introHeading);
      expect(await page.getByLabel('Your Name').inputValue()).toBe(NAME);
      expect(await historyLength(page)).toBe(entries);

      // Forward retraces them, the answers still there.
      await page.goForward();
      await expectScreen(page, GOAL, GOAL_HEADING);
      expect(await page.getByLabel(GOAL_LABEL).inputValue()).toBe(GOAL_TEXT);
      await screenshotEach(page, 'forward-after-go-back');
      await page.goForward();
      await expectScreen(page, COMMIT, COMMIT_HEADING);

      // And the browser's Back and the page's Go back take turns on the same entries.
      await page.goBack();
      await expectScreen(page, GOAL, GOAL_HEADING);
      await goBack(page);
      await expectScreen(page, INTRO, introHeading);
      await page.goForward();
      await expectScreen(page, GOAL, GOAL_HEADING);
      expect(await page.getByLabel(GOAL_LABEL).inputValue()).toBe(GOAL_TEXT);
      expect(await historyLength(page)).toBe(entries);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a step opened directly: Go back shows the step before and stays on the site', async () => {
    const { page, context, problems } = await site.visitor(width, height);
    try {
      const introHeading = await toIntro(page);
      await page.getByLabel('Your Name').fill(NAME);
      await page.getByRole('button', { name: 'Next' }).click();
      await expectScreen(page, GOAL, GOAL_HEADING);
      await page.close();

      // The goal step opened in a new tab: nothing of the site before it in this tab's history
      // (the new tab's blank page is: the browser's Back would leave the site).
      const tab = await context.newPage();
      tab.setDefaultTimeout(STEP_TIMEOUT_MS);
      const tabProblems: string[] = [];
      tab.on('pageerror', (error) => tabProblems.push(error.message));
      await tab.goto(`${site.url}${GOAL}`);
      await expectScreen(tab, GOAL, GOAL_HEADING);
      const entries = await historyLength(tab);

      await goBack(tab);
      await expectScreen(tab, INTRO, introHeading);
      expect(new URL(tab.url()).origin).toBe(site.url);
      // The step before is a new entry after the goal step's.
      expect(await historyLength(tab)).toBe(entries + 1);
      expect(await tab.getByLabel('Your Name').inputValue()).toBe(NAME);
      await screenshotEach(tab, 'go-back-from-deep-link');
      // The flow goes on from there as usual.
      await tab.getByRole('button', { name: 'Next' }).click();
      await expectScreen(tab, GOAL, GOAL_HEADING);
      expect(pathOf(tab)).toBe(GOAL);
      expect([...problems, ...tabProblems]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
