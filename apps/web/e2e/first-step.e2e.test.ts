import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { expectScreen, openVisitor, pathOf, STEP_TIMEOUT_MS } from './onboarding.ts';
import { holdChunk, testSite, waitHydrated } from './site.ts';

/**
 * The first steps (the area, the role) are drawn from their URL and can be used before the flow's
 * code (XState, the machine) has arrived; the flow then takes over what the visitor did: the
 * answer given, the option ticked, the focus. In Chromium against the real site server, with the
 * flow's chunk held back (or failing) on purpose.
 */

const site = testSite();

const WORK_ROLE = '/onboarding/work/role';
const WORK_QUESTION = 'Which best describes your role at work?';
const TEAM_HEADING = /^You're in luck! Team ".+" has one slot left\.$/;
/** The flow's chunk (the router's split of the onboarding route imports it once on screen). */
const FLOW_CHUNK = /\/assets\/OnboardingPage-[^/]+\.js$/;
/** The onboarding route's own chunk, which the page waits for before it is hydrated. */
const ONBOARDING_ROUTE_CHUNK = /\/assets\/_onboarding-[^/]+\.js$/;

/** Holds the flow's chunk (see `holdChunk`). */
const holdFlow = (page: Page) => holdChunk(page, FLOW_CHUNK);

/** A visitor's role step, hydrated, with the flow's chunk held back (see `holdChunk`). */
async function openRoleStepHeld(width: number) {
  const context = await site.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const held = await holdFlow(page);
  await page.goto(`${site.url}${WORK_ROLE}`);
  await waitHydrated(page);
  return { context, page, held };
}

/** Whether the page's flow has started (it hands its session to the devtools hook). */
function flowStarted(page: Page) {
  return page.evaluate(() => Reflect.has(window, '__onboardingFlow'));
}

/**
 * A visitor's page (`openVisitor`: its console errors in `problems`) whose flow, once started, is
 * visible to the test (`flowStarted`).
 */
async function openWatched(width: number) {
  const context = await site.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    Reflect.set(window, '__ONBOARDING_DEVTOOLS_HOOK__', (session: unknown) => {
      Reflect.set(window, '__onboardingFlow', session);
    });
  });
  return openVisitor(context);
}

/**
 * A visitor's page that says whether its flow has started without starting it: a started flow
 * tells the studio's live channel where it is, and the test listens there (a devtools hook on the
 * page would start the flow at once). `problems` collects its console errors (`openVisitor`);
 * `flowFetched` tells whether the page has downloaded the flow's chunk (from the network or its
 * cache).
 */
async function openListened(width: number) {
  const context = await site.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    const channel = new BroadcastChannel('onboarding-live');
    channel.onmessage = () => Reflect.set(window, '__flowAnnounced', true);
  });
  const { page, problems } = await openVisitor(context);
  const started = () => page.evaluate(() => Reflect.has(window, '__flowAnnounced'));
  const flowFetched = () =>
    page.evaluate(
      (chunk) =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new RegExp(chunk).test(entry.name)),
      FLOW_CHUNK.source,
    );
  return { context, page, problems, started, flowFetched };
}

/**
 * What these check is when the flow's code arrives and what it takes over, the same at any width:
 * they run on a phone's, where a slow arrival is likeliest.
 */
const width = 360;
test.describe(`the first steps at ${width} px`, () => {
  test('take an area chosen before the flow has loaded, and keep a ticked role and its focus', async () => {
    const { context, page, problems } = await openWatched(width);

    const first = await holdFlow(page);
    await page.goto(`${site.url}/onboarding`);
    await waitHydrated(page);
    await expect.poll(first.requested).toBe(true);
    await page.getByRole('button', { name: /^Work/ }).click();
    // Kept for the flow, which has not come: the page stays.
    await page.waitForTimeout(300);
    expect(pathOf(page)).toBe('/onboarding');
    expect(await flowStarted(page)).toBe(false);
    first.release();
    await expectScreen(page, WORK_ROLE, WORK_QUESTION);

    // The role step opened anew, an option ticked and focused before the flow has come.
    await page.unrouteAll();
    const second = await holdFlow(page);
    await page.goto(`${site.url}${WORK_ROLE}`);
    await waitHydrated(page);
    const management = page.getByLabel('Management', { exact: true });
    await management.check();
    await management.focus();
    await expect.poll(second.requested).toBe(true);
    second.release();
    // The flow has taken over once it hands its session to the devtools hook.
    await expect.poll(() => flowStarted(page), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await expect(management).toBeChecked();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await management.getAttribute('id'),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    expect(pathOf(page)).toBe('/onboarding/work/team');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('show an answer given before the flow has loaded as under way, and drop it when the flow cannot load', async () => {
    const { context, page, held } = await openRoleStepHeld(width);
    await page.getByLabel('Employee', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Processing your selection...')).toBeVisible();
    expect(pathOf(page)).toBe(WORK_ROLE);
    held.release();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });

    // The flow's chunk fails (offline, a new release): the answer is dropped, the typed goal
    // stays, and the next Continue tries again.
    const offline = await site.newContext({ viewport: { width, height: 800 } });
    const other = await offline.newPage();
    let failing = true;
    await other.route(FLOW_CHUNK, (route) => (failing ? route.abort() : route.continue()));
    await other.goto(`${site.url}/onboarding/other/role`);
    await waitHydrated(other);
    const goal = other.getByLabel('Your goal');
    await goal.fill('Run three mornings a week');
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(other.getByText('Processing your selection...')).toHaveCount(0);
    await expect(goal).toHaveValue('Run three mornings a week');
    failing = false;
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => pathOf(other), { timeout: STEP_TIMEOUT_MS })
      .toBe('/onboarding/other/team');
    await offline.close();
    await context.close();
  });

  test('say what is wrong with an answer given before the flow has loaded, once it has', async () => {
    const { context, page, held } = await openRoleStepHeld(width);
    // Continue with nothing ticked: the flow finds the answer missing when it comes.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Processing your selection...')).toBeVisible();
    held.release();
    await expect(page.getByText('There is a problem')).toBeVisible({ timeout: STEP_TIMEOUT_MS });
    await expect(page.getByText('Please make a selection').first()).toBeVisible();
    expect(pathOf(page)).toBe(WORK_ROLE);
    // The step is usable again: an answer now goes on.
    await page.getByLabel('Employee', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    await context.close();
  });

  test('forget an answer kept on a page the visitor left before the flow had loaded', async () => {
    const { context, page } = await openWatched(width);
    const held = await holdFlow(page);
    await page.goto(`${site.url}/onboarding`);
    await waitHydrated(page);
    await page.getByRole('button', { name: /^Work/ }).click();
    // Home by the header's logo, and back by Get Started: links the router follows in the page.
    await page.locator('header a[href="/"]').first().click();
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect.poll(() => pathOf(page)).toBe('/onboarding');
    held.release();
    await expect.poll(() => flowStarted(page), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await page.waitForTimeout(1000);
    expect(pathOf(page)).toBe('/onboarding');
    await context.close();
  });

  test('count a press that began before the flow arrived and ended after', async () => {
    const { context, page } = await openWatched(width);
    const held = await holdFlow(page);
    await page.goto(`${site.url}${WORK_ROLE}`);
    await waitHydrated(page);
    await page.getByLabel('Employee', { exact: true }).check();
    const box = await page.getByRole('button', { name: 'Continue' }).boundingBox();
    if (box === null) throw new Error('Continue is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The flow arrives while the button is held down; the page is not replaced under the press.
    held.release();
    await page.waitForTimeout(1000);
    expect(await flowStarted(page)).toBe(false);
    await page.mouse.up();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    expect(await flowStarted(page)).toBe(true);
    await context.close();
  });

  test('download the flow once on screen and run it only when the visitor acts', async () => {
    const { context, page, started, flowFetched } = await openListened(width);

    // A key pressed.
    await page.goto(`${site.url}/onboarding`);
    await waitHydrated(page);
    await expect.poll(flowFetched).toBe(true);
    await page.waitForTimeout(500);
    expect(await started()).toBe(false);
    await page.keyboard.press('Tab');
    await expect.poll(started, { timeout: STEP_TIMEOUT_MS }).toBe(true);

    // A click with no pointer or key before it (as assistive technology may send): the answer
    // starts the flow, which takes it.
    await page.goto(`${site.url}/onboarding`);
    await waitHydrated(page);
    expect(await started()).toBe(false);
    await page.getByRole('button', { name: /^Work/ }).dispatchEvent('click');
    await expectScreen(page, WORK_ROLE, WORK_QUESTION);
    expect(await started()).toBe(true);

    // A pointer moved.
    await page.goto(`${site.url}${WORK_ROLE}`);
    await waitHydrated(page);
    await expect.poll(flowFetched).toBe(true);
    await page.waitForTimeout(1000);
    expect(await started()).toBe(false);
    await page.mouse.move(width / 2, 300);
    await expect.poll(started, { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await page.getByLabel('Employee', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    await context.close();
  });

  test('open a later step as its role step, without the flow, when no flow is stored, and at that step when one is', async () => {
    const { context, page, problems, started, flowFetched } = await openListened(width);
    await page.goto(`${site.url}/onboarding/work/goal`);
    await expect.poll(() => pathOf(page)).toBe(WORK_ROLE);
    await expect(page.locator('h1')).toHaveText(WORK_QUESTION);
    await waitHydrated(page);
    await expect.poll(flowFetched).toBe(true);
    await page.waitForTimeout(500);
    expect(await started()).toBe(false);
    // The later step's entry was replaced: there is no way back to it.
    expect(await page.evaluate(() => history.length)).toBe(2);
    await page.getByLabel('Employee', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    expect(await started()).toBe(true);

    // The flow is stored now: the team step's address opens the flow there.
    await page.goto(`${site.url}/onboarding/work/team`);
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    expect(pathOf(page)).toBe('/onboarding/work/team');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("lead from an area to its role step before any of the page's code has run", async () => {
    // A phone on a slow network shows the step seconds before its code arrives: a tap on an
    // area then still leads on, through the HTML form's own navigation.
    const context = await site.newContext({
      viewport: { width, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${site.url}/onboarding`);
    await page.getByRole('button', { name: /^Work/ }).click();
    await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT_MS }).toBe(WORK_ROLE);
    await expect(page.locator('h1')).toHaveText(WORK_QUESTION);
    await context.close();
  });

  test('count a press that began while the page was still being taken over by its code', async () => {
    const { context, page } = await openWatched(width);
    // The onboarding route's code is held back, so the page is not hydrated when the press
    // begins and nothing follows the presses yet.
    const routeChunk = await holdChunk(page, ONBOARDING_ROUTE_CHUNK);
    await page.goto(`${site.url}/onboarding`);
    const box = await page.getByRole('button', { name: /^Work/ }).boundingBox();
    if (box === null) throw new Error('the Work area is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const flowLoaded = page.waitForResponse(FLOW_CHUNK);
    routeChunk.release();
    await waitHydrated(page);
    await flowLoaded;
    // The flow has arrived while the button is held down: the page is not replaced under the
    // press, or the press would end on the new page's twin of the button and make no click.
    await page.waitForTimeout(1000);
    expect(await flowStarted(page)).toBe(false);
    await page.mouse.up();
    await expectScreen(page, WORK_ROLE, WORK_QUESTION);
    expect(await flowStarted(page)).toBe(true);
    await context.close();
  });

  test("send the role ticked before the page's code ran with a Continue pressed while it takes the page over", async () => {
    const { context, page, problems } = await openWatched(width);
    // The onboarding route's code is held back: the role is ticked in the page's own HTML.
    const routeChunk = await holdChunk(page, ONBOARDING_ROUTE_CHUNK);
    await page.goto(`${site.url}${WORK_ROLE}`, { waitUntil: 'commit' });
    await page.getByLabel('Employee', { exact: true }).check();
    routeChunk.release();
    // Continue is pressed once React has begun to take the page over and before it has finished
    // (its root made, the step not yet its own): React finishes the step at once for the press,
    // which must send the role shown ticked.
    const pressed = await page.waitForFunction(
      () => {
        const owned = (element: Element | null) =>
          element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
        if (!owned(document.getElementById('root'))) return false;
        if (owned(document.querySelector('h1'))) return 'too late';
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[type=submit]')];
        buttons.find((button) => button.textContent === 'Continue')?.click();
        return 'while taken over';
      },
      undefined,
      { polling: 'raf', timeout: STEP_TIMEOUT_MS },
    );
    expect(await pressed.jsonValue()).toBe('while taken over');
    await expect(page.locator('h1')).toHaveText(TEAM_HEADING, { timeout: STEP_TIMEOUT_MS });
    expect(pathOf(page)).toBe('/onboarding/work/team');
    expect(problems).toEqual([]);
    await context.close();
  });
});
