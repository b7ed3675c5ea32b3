import { randomUUID } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { MAX_PHOTO_BYTES, MESSAGES, TOAST_DURATION_MS } from '@app/contracts';
import type { PhotoFile } from '@app/onboarding';
import {
  activeStateIds,
  delayMs,
  describeEvent,
  MODEL_START,
  type ModelActor,
  type ModelEvent,
  pathFromEvents,
  readReplay,
  reportDir,
  shortestPathTo,
  statesVisited,
  stepTransitions,
  toastsShown,
  writeReplay,
} from '@app/onboarding/testing';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { expectedView } from '../src/onboarding/test/expected.ts';
import {
  type Control,
  type ControlState,
  isUserEvent,
  type NotOffered,
  notOfferedProblem,
  type PersonAction,
  planFor,
} from '../src/onboarding/test/person.ts';
import { runAxe } from './axe.ts';
import { test } from './fixtures.ts';
import { type Walk, type WalkStep, walkFromPath } from './model.ts';
import { holdCalls } from './model-network.ts';
import { loadWalks } from './model-walks-cache.ts';
import { makePng } from './onboarding.ts';
import { isHydrated, runningTestSite } from './site.ts';

/**
 * The onboarding model's walks in Chromium, against the built app served by the real site server
 * and tracker. Each step is done the way a person does it (person.ts), each call is held at the
 * network layer and settled as the model says (model-network.ts), time is the page's clock, and
 * after each step the page must show the model's state (expected.ts) and pass axe (WCAG 2.2 A
 * and AA). Every step is photographed for the report's filmstrip.
 */

/** The worker's site (`fixtures.ts`). */
const site = runningTestSite();
/** A seeded member's address: the real server refuses a sign-up with it. */
const TAKEN_EMAIL = 'maya-thompson@example.com';
const STEP_TIMEOUT_MS = 15_000;
const COUNTDOWN = new RegExp(
  `^${MESSAGES.holdCountdown('TIME')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('TIME', '\\d+:\\d\\d')}$`,
);

function replayFile(): string | null {
  const file = process.env.PATHS_REPLAY;
  if (file === undefined || file === '') return null;
  return isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

function walksToRun(): Walk[] {
  const file = replayFile();
  if (file === null) return loadWalks().walks;
  return [walkFromPath(pathFromEvents(readReplay(file)))];
}

/** One step of the report: what happened, where it led, and its picture. */
export interface StepRecord {
  index: number;
  event: string;
  how: string;
  state: string;
  url: string;
  screenshot: string | null;
  transitions: string[];
  states: string[];
  ok: boolean;
  error?: string;
}

export interface PathRecord {
  title: string;
  events: ModelEvent[];
  steps: StepRecord[];
  axe: { rule: string; state: string; impact: string; help: string; targets: string[] }[];
  failure: { replay: string; shortest: string | null; message: string } | null;
}

function photoFile(photo: PhotoFile) {
  const buffer = Buffer.alloc(photo.size);
  makePng(32, [200, 90, 40]).copy(buffer);
  return {
    name: photo.name ?? 'photo.png',
    mimeType:
      photo.type === 'image/jpeg' && photo.size > MAX_PHOTO_BYTES ? 'image/jpeg' : 'image/png',
    buffer,
  };
}

async function enabled(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      !(element as HTMLButtonElement).disabled &&
      element.closest('[aria-disabled="true"]') === null,
  );
}

function buttonNamed(page: Page, { kind, name }: Control & { kind: 'button' | 'link' }): Locator {
  return page.getByRole(kind, { name, exact: typeof name === 'string' });
}

/** Does what a person does; fails when the page does not let them. */
async function perform(
  page: Page,
  context: BrowserContext,
  action: PersonAction,
  step: WalkStep,
  next: WalkStep | undefined,
): Promise<number> {
  switch (action.kind) {
    case 'click': {
      const button = buttonNamed(page, action.control);
      await expect(
        button,
        `${step.event.type}: the page offers the button ${String(action.control.name)}`,
      ).toHaveCount(1);
      if (!(await enabled(button))) {
        throw new Error(
          `${step.event.type}: the button ${String(action.control.name)} is disabled`,
        );
      }
      await button.click();
      return 0;
    }
    case 'fill': {
      let value = action.value;
      if (step.event.type === 'account.submit' && action.label === 'Email' && value.includes('@')) {
        // The refused sign-up is the real server's: an address in use. Otherwise a new one.
        value =
          next?.event.type === 'xstate.error.actor.createUser'
            ? TAKEN_EMAIL
            : `path.${randomUUID().slice(0, 8)}@example.com`;
      }
      await page.getByLabel(action.label, { exact: true }).fill(value);
      return 0;
    }
    case 'choose':
      await page.getByLabel(action.label, { exact: true }).check();
      return 0;
    case 'choosePhoto': {
      const picker = page.waitForEvent('filechooser');
      await page.getByText(/^(Upload|Change) photo$/).click();
      await (await picker).setFiles(photoFile(action.photo));
      return 0;
    }
    case 'reload':
      await page.reload();
      return waitInteractive(page, context);
    case 'visit':
      if (step.visit === 'back') {
        await page.goBack();
        return 0;
      }
      if (step.visit === 'forward') {
        await page.goForward();
        return 0;
      }
      await page.goto(`${site.url}${action.path}`);
      return waitInteractive(page, context);
  }
}

async function controlState(page: Page, control: Control): Promise<ControlState> {
  if (control.kind !== 'option') {
    const button = buttonNamed(page, control);
    if ((await button.count()) === 0) return 'absent';
    return (await enabled(button.first())) ? 'enabled' : 'disabled';
  }
  const option = page.getByLabel(control.label, { exact: true });
  if ((await option.count()) === 0) return 'absent';
  return (await option.first().isChecked()) ? 'checked' : 'unchecked';
}

/**
 * An event the UI must not offer: the page must indeed not offer it (the allow-list's check), and
 * only then is it sent to the page's flow, through the devtools hook the test put on the page.
 */
async function sendNotOffered(
  page: Page,
  context: BrowserContext,
  rule: NotOffered,
  step: WalkStep,
): Promise<number> {
  let nudged = 0;
  for (const action of rule.prepare)
    nudged += await perform(page, context, action, step, undefined);
  const problem = await notOfferedProblem(rule, step.event.type, (control) =>
    controlState(page, control),
  );
  if (problem !== null) throw new Error(problem);
  await page.evaluate((event) => {
    const flow: unknown = Reflect.get(window, '__onboardingFlow');
    if (typeof flow !== 'object' || flow === null || !('send' in flow)) {
      throw new Error('the page handed no onboarding session to the devtools hook');
    }
    (flow.send as (value: unknown) => void)(event);
  }, step.event);
  return nudged;
}

/**
 * After a page load: the prerendered page becomes interactive once React has hydrated it (a
 * click before that does nothing, as for a person on a slow phone), and the toaster mounts just
 * after; the paused clock is moved on half a second for the timers of that start.
 */
async function waitInteractive(page: Page, context: BrowserContext): Promise<number> {
  // The router loads the route's code before hydrating, on the page's (paused) clock.
  let nudged = 0;
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await isHydrated(page))) {
    if (Date.now() > deadline) throw new Error('the page did not become interactive');
    await context.clock.runFor(50);
    nudged += 50;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await context.clock.runFor(500);
  return nudged + 500;
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function checkPage(page: Page, step: WalkStep, byPerson: boolean) {
  const expected = expectedView(step.state);
  if (expected.leaves !== null) {
    // The page left the site for the tracker's sign-in, with Find a team (and the seat) next.
    const { leaves } = expected;
    await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT_MS }).toBe(leaves.path);
    expect(new URL(page.url()).searchParams.get('next') ?? '').toMatch(leaves.next);
    await expect(page.locator('h1')).toHaveText(leaves.heading);
    return;
  }
  await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT_MS }).toBe(expected.path);
  const heading = page.locator('h1');
  await expect(heading).toHaveCount(1);
  await expect(heading).toHaveText(expected.heading);
  for (const text of expected.texts) {
    // The countdown's seconds depend on how long the page took (the clock is nudged while the
    // page loads and axe runs); the hold's state is told by its warning and release texts.
    const shown = COUNTDOWN.test(text) ? COUNTDOWN : text;
    await expect(page.getByText(shown, { exact: true }).first(), `"${text}" shown`).toBeVisible();
  }
  for (const text of expected.absent) {
    await expect(page.getByText(text, { exact: true }), `"${text}" not shown`).toHaveCount(0);
  }
  if (byPerson && /\.(submit|photoSelected)$/.test(step.event.type)) {
    for (const message of expected.fieldErrors) {
      await expect(page.getByText(message).first(), `message "${message}" shown`).toBeVisible();
    }
  }
  const toasts = page.getByRole('region', { name: /Notifications/ });
  for (const { title } of toastsShown(step.from, step.event)) {
    await expect(toasts.getByText(title, { exact: true }), `toast "${title}"`).toBeVisible();
  }
}

/**
 * Moves the page's paused clock on in `stepMs` steps while `work` runs (work that waits on the
 * page's own timers), and returns what `work` gave with the time it added. The nudging ends with
 * the work: when the work fails, when the step's page is closed (a failed step's test ends), or
 * when nudging itself fails for another reason than a page of the context closing under it (axe
 * opens and closes a blank page of its own).
 */
async function whileNudging<T>(
  page: Page,
  context: BrowserContext,
  work: Promise<T>,
  stepMs: number,
): Promise<{ value: T; nudged: number }> {
  let finished = false;
  const settled = work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  void settled.then(() => {
    finished = true;
  });
  let nudged = 0;
  while (!finished && !page.isClosed()) {
    try {
      await context.clock.runFor(stepMs);
      nudged += stepMs;
    } catch (error) {
      if (page.isClosed() || !/has been closed/.test(String(error))) {
        finished = true;
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs / 2));
  }
  const outcome = await settled;
  if (!outcome.ok) throw outcome.error;
  return { value: outcome.value, nudged };
}

/**
 * axe on the page as it is. Its own timers run on the page's paused clock, so the clock is nudged
 * forward in 20 ms steps until it is done (the few hundred ms this adds are far from any limit
 * the model checks: the hold's one-minute warning, the 10 s search, the 5 s toasts).
 */
async function axeViolations(
  page: Page,
  context: BrowserContext,
  state: string,
): Promise<{ violations: PathRecord['axe']; nudged: number }> {
  const { value: results, nudged } = await whileNudging(page, context, runAxe(page), 20);
  return {
    violations: results.violations.map((violation) => ({
      rule: violation.id,
      state,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
    nudged,
  };
}

async function startClock(context: BrowserContext) {
  await context.clock.install({ time: MODEL_START - 1000 });
  await context.clock.pauseAt(MODEL_START);
}

/**
 * What axe found on each screen this worker has held (a worker is one process and runs its walks
 * one after another), by the model's state and the page's address: with `PATHS_AXE=new-states` a
 * screen many walks pass through is checked once per worker, and its findings are given again to
 * every walk that reaches it, so a screen that fails fails in each of them.
 */
const auditedInWorker = new Map<string, PathRecord['axe']>();

const walks = walksToRun();
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 740 } };

test.describe.configure({ mode: 'parallel' });

for (const [number, walk] of walks.entries()) {
  const title =
    replayFile() === null
      ? `walk ${number + 1} (${walk.steps.length} steps)`
      : `replay (${walk.steps.length} steps)`;
  test(title, async ({ browser }, testInfo) => {
    test.setTimeout(60_000 + walk.steps.length * 20_000);
    const viewport = testInfo.project.name === 'phone' ? viewports.phone : viewports.desktop;
    const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
    // The app hands its onboarding session to a devtools hook when one is there: the events the
    // UI must not offer are sent through it (and nothing else is).
    await context.addInitScript(() => {
      Reflect.set(window, '__ONBOARDING_DEVTOOLS_HOOK__', (session: unknown) => {
        Reflect.set(window, '__onboardingFlow', session);
      });
    });
    await startClock(context);
    let pageNow = MODEL_START;
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const network = await holdCalls(page);
    const record: PathRecord = {
      title,
      events: walk.steps.map((step) => step.event),
      steps: [],
      axe: [],
      failure: null,
    };
    const axeSeen = new Set<string>();
    const snap = async (index: number, failed = false) => {
      // The covering run in `pnpm test` photographs failures only; the QA run every step.
      if (process.env.PATHS_SHOTS === 'failures' && !failed) return null;
      const name = `step-${String(index).padStart(3, '0')}.jpg`;
      const body = await page.screenshot({ type: 'jpeg', quality: 45 }).catch(() => null);
      if (body === null) return null;
      await testInfo.attach(name, { body, contentType: 'image/jpeg' });
      return name;
    };
    const audited = new Set<string>();
    const audit = async (state: string) => {
      // Every step (the QA run), or each screen once per worker (the CI run, for time).
      const once = process.env.PATHS_AXE === 'new-states';
      if (once && audited.has(state)) return;
      audited.add(state);
      const screen = `${state} | ${pathOf(page)}`;
      let violations = once ? auditedInWorker.get(screen) : undefined;
      if (violations === undefined) {
        const checked = await axeViolations(page, context, state);
        pageNow += checked.nudged;
        violations = checked.violations;
        auditedInWorker.set(screen, violations);
      }
      for (const violation of violations) {
        const key = `${violation.rule} @ ${violation.state}`;
        if (axeSeen.has(key)) continue;
        axeSeen.add(key);
        record.axe.push(violation);
      }
    };

    try {
      await page.goto(`${site.url}/onboarding`);
      pageNow += await waitInteractive(page, context);
      await expect(page.locator('h1')).toHaveText(
        "In which area would you like someone asking if you did 'that thing'?",
      );
      await audit('"category"');
      record.steps.push({
        index: 0,
        event: 'open /onboarding',
        how: 'typed URL',
        state: '"category"',
        url: pathOf(page),
        screenshot: await snap(0),
        transitions: [],
        states: ['category'],
        ok: true,
      });
      for (const [index, step] of walk.steps.entries()) {
        const { event } = step;
        const stateName = JSON.stringify(step.state.value);
        let how = '';
        let byPerson = false;
        /** Records this step as it ended, with the page as it was then. */
        const keepStep = async (
          outcome: Pick<StepRecord, 'transitions' | 'states' | 'ok' | 'error'>,
        ) =>
          record.steps.push({
            index: index + 1,
            event: describeEvent(event),
            how,
            state: stateName,
            url: pathOf(page),
            screenshot: await snap(index + 1, !outcome.ok),
            ...outcome,
          });
        await test.step(`${index + 1}. ${describeEvent(event).slice(0, 120)}`, async () => {
          try {
            const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
            const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
            if (done !== null && 'output' in event) {
              how = await network.succeed(done[1] as ModelActor, event.output);
            } else if (failed !== null && 'error' in event) {
              how = await network.fail(failed[1] as ModelActor, event.error);
            } else if (event.type.startsWith('xstate.after.')) {
              const ms = delayMs({ type: `xstate.after.${event.type.slice(13)}` });
              await context.clock.runFor(ms);
              pageNow += ms;
              how = `page clock +${ms / 1000} s`;
            } else if (event.type === 'clock.tick' && 'now' in event) {
              // The time jumps to the model's moment (relative to the page's own clock), then the
              // app's one-second clock reads it.
              const elapsed = event.now - step.from.context.now;
              pageNow += elapsed;
              await context.clock.setSystemTime(pageNow);
              await context.clock.runFor(1000);
              pageNow += 1000;
              how = `page clock +${Math.round(elapsed / 1000)} s`;
            } else if (isUserEvent(event)) {
              const plan = planFor(step);
              if (plan.kind === 'notOffered') {
                if (step.direct !== true) {
                  throw new Error(`${event.type} is one the UI must not offer (${plan.rule.id})`);
                }
                pageNow += await sendNotOffered(page, context, plan.rule, step);
                how = `not offered (${plan.rule.id}, checked): sent to the flow`;
              } else {
                for (const action of plan.actions) {
                  pageNow += await perform(page, context, action, step, walk.steps[index + 1]);
                }
                how = plan.actions
                  .map((action) =>
                    action.kind === 'click'
                      ? `click ${String(action.control.name)}`
                      : action.kind === 'visit'
                        ? step.visit === 'back'
                          ? 'browser Back'
                          : step.visit === 'forward'
                            ? 'browser Forward'
                            : `typed URL ${action.path}`
                        : action.kind,
                  )
                  .join(', ');
                byPerson = true;
              }
            }
            await checkPage(page, step, byPerson);
            if (step.state.status === 'done' && toastsShown(step.from, step.event).length > 0) {
              // Toasts close by themselves after the spec's 5 s (page clock).
              await context.clock.runFor(TOAST_DURATION_MS + 500);
              pageNow += TOAST_DURATION_MS + 500;
              await expect(
                page.getByRole('region', { name: /Notifications/ }).locator('li'),
              ).toHaveCount(0);
            }
            await audit(stateName);
            await keepStep({
              transitions: stepTransitions(step),
              // States passed through within the step (an eventless move right after entry) too.
              states: [
                ...new Set([
                  ...activeStateIds(step.state),
                  ...statesVisited(step.from, step.event),
                ]),
              ],
              ok: true,
            });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await keepStep({ transitions: [], states: [], ok: false, error: message });
            record.failure = saveFailure(walk, index, message, testInfo.title);
            throw error;
          }
        });
      }
      expect(problems, 'uncaught errors in the page').toEqual([]);
      expect(
        record.axe.map(
          (v) => `${v.rule} (${v.impact}) in ${v.state}: ${v.help} [${v.targets.join(', ')}]`,
        ),
        'axe violations (WCAG 2.2 A/AA), one per rule and state',
      ).toEqual([]);
    } finally {
      await testInfo.attach('path.json', {
        body: JSON.stringify(record),
        contentType: 'application/json',
      });
      await network.release();
      await context.close();
    }
  });
}

/** Saves the failing path, and the model's shortest path to the same step, as replay files. */
function saveFailure(walk: Walk, index: number, message: string, title: string) {
  const dir = join(reportDir(), 'failures');
  const slug = title.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const replay = writeReplay(
    join(dir, `${slug}.json`),
    walk.steps.slice(0, index + 1).map((step) => step.event),
  );
  const step = walk.steps[index];
  let shortest: string | null = null;
  if (step !== undefined) {
    const path = shortestPathTo(step.from, step.event);
    if (path !== null && path.steps.length < index + 1) {
      shortest = writeReplay(
        join(dir, `${slug}-shortest.json`),
        path.steps.map((s) => s.event),
      );
    }
  }
  return { replay, shortest, message };
}
