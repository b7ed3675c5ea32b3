import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { membershipGraph } from '@app/membership/chart';
import { onboardingMachine } from '@app/onboarding';
import { MODEL_DATA } from '@app/onboarding/testing/events';
import { toChartGraph } from '@app/statechart-tools';
import type { BrowserContext, Page } from '@playwright/test';
import { axeFindings } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';
import { openVisitor, SAVE_SHOTS, savePicture } from './onboarding.ts';
import { holdChunk, testSite, waitHydrated } from './site.ts';

/**
 * The statechart studio (`/statechart`) as a designer uses it on a 1280x800 screen: the screens
 * view fits and reads, search, a link to a state, stepping the simulator with the real screens
 * beside it at 360 and 1280 px, the hold's clock, "Open in the app", the exports, and following
 * an onboarding in another tab.
 */

const site = testSite();
/** The team the sandbox's fake calls match: a real team, with a seat held for it. */
const TEAM = MODEL_DATA.team.name;
const VIEWPORT = { width: 1280, height: 800 };

async function designer(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await site.newContext({ viewport: VIEWPORT, acceptDownloads: true });
  const visitor = await openVisitor(context);
  return { context, page: visitor.page, problems: visitor.problems };
}

async function shot(page: Page, name: string) {
  if (!SAVE_SHOTS) return;
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await savePicture(page, `studio-${name}.png`);
}

/** The h1 of the real screen drawn in the frame `width` px wide. */
function frameHeading(page: Page, width: 360 | 1280) {
  return page
    .frameLocator(`iframe[title^="The screen at ${width} px"]`)
    .getByRole('heading', { level: 1 });
}

async function expectScreens(page: Page, heading: string) {
  for (const width of [360, 1280] as const) {
    await expect.poll(() => frameHeading(page, width).textContent()).toBe(heading);
  }
}

function zoomText(page: Page) {
  return page.locator('output[aria-label="Zoom"]').textContent();
}

async function simState(page: Page): Promise<string> {
  return (await page.getByTestId('sim-state').textContent()) ?? '';
}

async function choose(page: Page, label: RegExp) {
  await page.locator('#studio-panel').getByRole('button', { name: label }).first().click();
}

test.describe('statechart studio at 1280x800', () => {
  test("is on screen from the page's HTML before any script runs", async () => {
    const bare = await site.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      await page.goto(`${site.url}/statechart`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Onboarding statechart' }),
      ).toBeVisible();
      await expect(page.getByText('Part of the chart, at a readable size')).toBeVisible();
      await expect(page.locator('svg text', { hasText: 'category' }).first()).toBeVisible();
    } finally {
      await bare.close();
    }
  });

  test('takes over the chart its HTML drew rather than drawing it again; the review sheet is drawn anew', async () => {
    const { context, page, problems } = await designer();
    // The app's entry is held until the chart's HTML has been marked.
    const entry = await holdChunk(page, /\/assets\/index-[\w-]+\.js$/);
    // Not to `load`: the held entry may be asked for before it, and would hold it back too.
    await page.goto(`${site.url}/statechart`, { waitUntil: 'commit' });
    await page
      .locator('svg[role="img"]')
      .first()
      .evaluate((svg) => {
        Reflect.set(svg, '__fromHtml', true);
      });
    entry.release();
    await waitHydrated(page);
    // Hydrated: the same element, now the studio's (the canvas zooms it).
    const chart = page.locator('svg[role="img"]').first();
    expect(await chart.evaluate((svg) => Reflect.get(svg, '__fromHtml'))).toBe(true);
    const before = await zoomText(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomText(page)).not.toBe(before);
    await page.unrouteAll();
    await page.goto(`${site.url}/statechart?review`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visual review');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('opens on the screens view fitted to the canvas, with labels a designer can read', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart`);
    await waitHydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Onboarding statechart' }).waitFor();
    const canvas = page.getByRole('region', { name: /Diagram canvas/ });
    const drawing = canvas.getByRole('img', { name: 'Onboarding screens' });
    await drawing.waitFor();
    // Every screen is drawn, inside the canvas, none cut off.
    const frame = await canvas.boundingBox();
    const states = drawing.locator('g[data-state]');
    expect(await states.count()).toBeGreaterThan(15);
    for (const id of [
      'category',
      'matched.step.team',
      'matched.step.account',
      'thankYou',
      'matched.hold.live',
    ]) {
      const box = await drawing.locator(`g[data-state="${id}"] rect`).first().boundingBox();
      expect(box, id).not.toBeNull();
      if (box === null || frame === null) continue;
      expect(box.x, id).toBeGreaterThanOrEqual(frame.x);
      expect(box.y, id).toBeGreaterThanOrEqual(frame.y);
      expect(box.x + box.width, id).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(box.y + box.height, id).toBeLessThanOrEqual(frame.y + frame.height + 1);
    }
    // Readable: state names at least 11 px tall on screen, arrow labels at least 9 px.
    const nameHeight = await drawing
      .locator('g[data-state="matched.step.intro"] text')
      .first()
      .evaluate((text) => text.getBoundingClientRect().height);
    expect(nameHeight).toBeGreaterThanOrEqual(11);
    const label = drawing.locator('g[data-edge] text', { hasText: 'after 10 s' }).first();
    expect(
      await label.evaluate((text) => text.getBoundingClientRect().height),
    ).toBeGreaterThanOrEqual(9);
    // Delays read as durations, the hold's last-minute warning among them, and the plumbing is
    // folded away.
    for (const delay of ['after 10 min', 'after 9 min']) {
      await expect
        .poll(() => drawing.locator('text', { hasText: delay }).count(), { message: delay })
        .toBeGreaterThan(0);
    }
    const warningBox = await drawing
      .locator('g[data-state="matched.hold.live.ending"] rect')
      .first()
      .boundingBox();
    expect(warningBox).not.toBeNull();
    if (warningBox !== null && frame !== null) {
      expect(warningBox.y + warningBox.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    // The site's header is a thin bar here: the canvas has most of the screen.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height ?? 0).toBeLessThanOrEqual(44);
    expect(frame?.height ?? 0).toBeGreaterThanOrEqual(660);
    expect(await drawing.locator('text', { hasText: 'nav.request' }).count()).toBe(0);
    await shot(page, 'screens-fit');

    // The canvas moves: buttons and keys zoom, Fit puts it back.
    const fitted = await page.locator('output[aria-label="Zoom"]').textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(() => page.locator('output[aria-label="Zoom"]').textContent())
      .not.toBe(fitted);
    await canvas.focus();
    await page.keyboard.press('0');
    await expect.poll(() => page.locator('output[aria-label="Zoom"]').textContent()).toBe(fitted);
    await page.keyboard.press('-');
    await expect
      .poll(() => page.locator('output[aria-label="Zoom"]').textContent())
      .not.toBe(fitted);
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(() => page.locator('output[aria-label="Zoom"]').textContent()).toBe(fitted);

    await page.getByRole('button', { name: 'Full machine' }).click();
    const machine = canvas.getByRole('img', { name: 'Onboarding statechart' });
    await machine.waitFor();
    expect(await canvas.locator('g[data-state="matched.step.account.submitting"]').count()).toBe(1);
    // Too big to fit whole and readable: it opens at the smallest readable size round the current
    // state, and says how to see the rest.
    await expect
      .poll(async () => Number.parseInt((await zoomText(page)) ?? '0', 10))
      .toBeGreaterThanOrEqual(70);
    await canvas.getByText('Part of the chart, at a readable size').waitFor();
    const current = await machine.locator('g[data-state="category"] rect').first().boundingBox();
    expect(current).not.toBeNull();
    if (current !== null && frame !== null) {
      expect(current.x).toBeGreaterThanOrEqual(frame.x);
      expect(current.y).toBeGreaterThanOrEqual(frame.y);
      expect(current.x + current.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(current.y + current.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    expect(
      await machine
        .locator('g[data-state="category"] text')
        .first()
        .evaluate((text) => text.getBoundingClientRect().height),
    ).toBeGreaterThanOrEqual(11);
    expect(
      await machine
        .locator('g[data-edge] text', { hasText: 'choose an area' })
        .first()
        .evaluate((text) => text.getBoundingClientRect().height),
    ).toBeGreaterThanOrEqual(9);
    await shot(page, 'machine-fit');
    // Zooming out shows it whole, and the hint goes.
    for (let i = 0; i < 8; i += 1) await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect
      .poll(() => canvas.getByText('Part of the chart, at a readable size').count())
      .toBe(0);
    await page.getByRole('button', { name: 'Fit' }).click();
    // A compound state collapses into one box (laid out afresh), and comes back.
    await page.getByRole('combobox', { name: 'Find a state or screen' }).fill('matching');
    await page.getByRole('option', { name: /^matching · Finding your team/ }).click();
    await page.getByRole('button', { name: 'Collapse', exact: true }).click();
    await expect
      .poll(() => canvas.locator('g[data-state="matching.lists"]').count(), { timeout: 60_000 })
      .toBe(0);
    expect(await canvas.locator('g[data-state="matching"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Fit' }).click();
    await shot(page, 'machine-collapsed');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => canvas.locator('g[data-state="matching.lists"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('finds "account" by search and shows it, with its own link', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart`);
    await waitHydrated(page);
    const search = page.getByRole('combobox', { name: 'Find a state or screen' });
    await search.fill('account');
    const option = page.getByRole('option', {
      name: /matched\.step\.account · Create your account/,
    });
    await option.waitFor();
    await option.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#account');
    await page.locator('g[data-state="matched.step.account"][data-selected="true"]').waitFor();
    await expect.poll(() => simState(page)).toBe('matched.step.account.editing');
    await expectScreens(page, 'Last step: create your account');
    await shot(page, 'search-account');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('opens a state from its link in a new tab', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart`);
    await waitHydrated(page);
    const tab = await context.newPage();
    await tab.goto(`${site.url}/statechart#intro`);
    await waitHydrated(tab);
    await tab.locator('g[data-state="matched.step.intro"][data-selected="true"]').waitFor();
    await expect.poll(() => simState(tab)).toBe('matched.step.intro');
    await expectScreens(tab, `Introduce yourself to Team ${TEAM}`);
    await shot(tab, 'link-intro');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('steps from the team screen to confirm by its events, the real screen at 360 and 1280 px at each step', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart#team`);
    await waitHydrated(page);
    await expect.poll(() => simState(page)).toBe('matched.step.team');
    await expectScreens(page, `You're in luck! Team "${TEAM}" has one slot left.`);
    // The guards of the team step's answers say which passes.
    const yes = page.locator('#studio-panel').getByRole('button', { name: /^answer \(“yes”\)/ });
    await expect.poll(() => yes.textContent()).toContain('✓ answered Yes and not slot released');
    await shot(page, 'sim-team');

    const steps: [RegExp, string, string][] = [
      [/^answer \(“yes”\)/, 'matched.step.intro', `Introduce yourself to Team ${TEAM}`],
      [/^submit name \(“Ada Lovelace”\)/, 'matched.step.goal', 'Join Request Almost Sent'],
      [/^submit goal \(“Finish/, 'matched.step.commit', 'Can your team count on you?'],
      [/^count on me/, 'matched.step.sync', 'Twice-weekly check-ins'],
      [/^accept check-ins/, 'matched.step.account.editing', 'Last step: create your account'],
      [
        /^submit join request \(“ada@example\.com”/,
        'matched.step.account.submitting',
        'Last step: create your account',
      ],
      [
        /^account call answers .*joinRequestSuccess/,
        'confirm.editing',
        `Join Request Sent to Team ${TEAM}!`,
      ],
    ];
    for (const [button, state, heading] of steps) {
      await choose(page, button);
      await expect.poll(() => simState(page)).toBe(state);
      await expectScreens(page, heading);
      await shot(page, `sim-${state}`);
    }
    // The arrow just taken flashes, the log lists each step with its effects, undo goes back.
    await page.locator('g[data-edge][data-taken="true"]').first().waitFor();
    const log = page.getByRole('list', { name: 'Event log' });
    await expect.poll(() => log.locator('li').last().textContent()).toContain('Toast “Success!”');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => simState(page)).toBe('matched.step.account.submitting');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => simState(page)).toBe('category');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('fast-forwards the hold to its warning, and its end', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart#team`);
    await waitHydrated(page);
    await expect.poll(() => simState(page)).toBe('matched.step.team');
    // A real team, its seat held for the whole 10 minutes.
    await expectScreens(page, `You're in luck! Team "${TEAM}" has one slot left.`);
    const panel = page.locator('#studio-panel');
    await expect.poll(() => panel.textContent()).toContain('counting, 10:00 left');
    await page.locator('g[data-state="matched.hold.live.counting"][data-active="true"]').waitFor();
    await choose(page, /^Jump to the hold's warning/);
    // The screens view shows the warning: its box is current, the "after 9 min" arrow just taken.
    await page.locator('g[data-state="matched.hold.live.ending"][data-active="true"]').waitFor();
    await page
      .locator('g[data-edge][data-taken="true"]', { hasText: 'after 9 min' })
      .first()
      .waitFor();
    await expect.poll(() => panel.textContent()).toContain('1:00 left');
    // The canvas moved to it.
    const canvas = await page.getByRole('region', { name: /Diagram canvas/ }).boundingBox();
    const ending = page.locator('g[data-state="matched.hold.live.ending"] rect').first();
    await expect
      .poll(async () => {
        const box = await ending.boundingBox();
        return (
          box !== null &&
          canvas !== null &&
          box.x >= canvas.x &&
          box.y >= canvas.y &&
          box.x + box.width <= canvas.x + canvas.width &&
          box.y + box.height <= canvas.y + canvas.height
        );
      })
      .toBe(true);
    for (const width of [360, 1280] as const) {
      await expect
        .poll(() =>
          page
            .frameLocator(`iframe[title^="The screen at ${width} px"]`)
            .getByRole('button', { name: 'Hold my slot for 10 more minutes' })
            .count(),
        )
        .toBe(1);
    }
    await shot(page, 'hold-warning');
    await choose(page, /^Jump to the hold's end/);
    await page.locator('g[data-state="matched.hold.expired"][data-active="true"]').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('has no WCAG A/AA violations with each panel open', async () => {
    test.setTimeout(120_000);
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart#team`);
    await waitHydrated(page);
    await expect.poll(() => simState(page)).toBe('matched.step.team');
    await expectScreens(page, `You're in luck! Team "${TEAM}" has one slot left.`);
    const found: string[] = [];
    const audit = async (name: string) => {
      found.push(...(await axeFindings(page, name)));
    };
    await audit('simulate');
    for (const name of ['Gallery', 'Live', 'Coverage', 'Legend', 'List']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('region', { name, exact: true }).waitFor();
      if (name === 'Gallery') {
        await page.frameLocator('iframe[title^="Thumbnail: Your team"]').locator('h1').waitFor();
        await shot(page, 'gallery');
      }
      await audit(name);
    }
    await page.getByRole('button', { name: 'Full machine' }).click();
    await audit('full machine');
    expect(found, found.join('\n')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('colours the arrows by the coverage file, and goes to the current state', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart`);
    await waitHydrated(page);
    await page.getByRole('button', { name: 'Coverage', exact: true }).click();
    const coveragePanel = page.getByRole('region', { name: 'Coverage', exact: true });
    await expect
      .poll(() => coveragePanel.getByRole('status').textContent())
      .toContain('pnpm test:paths');
    // Every transition at every level but Go back, which only the machine level takes.
    const graph = toChartGraph(onboardingMachine);
    const transitions = Object.fromEntries(
      graph.transitions.map((t) => [
        t.coverageId,
        t.eventType === 'nav.back' ? ['machine'] : ['machine', 'jsdom', 'chromium'],
      ]),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'studio-')), 'coverage.json');
    writeFileSync(
      file,
      JSON.stringify({
        generatedAt: new Date().toISOString(),
        levels: ['machine', 'jsdom', 'chromium'],
        transitions,
      }),
    );
    await coveragePanel.getByLabel('Coverage file (coverage.json)').setInputFiles(file);
    await expect
      .poll(() => page.locator('g[data-edge][data-coverage="all"]').count())
      .toBeGreaterThan(20);
    const goBack = await page.locator('g[data-edge*="nav.back"]').count();
    expect(goBack).toBeGreaterThan(0);
    expect(await page.locator('g[data-edge][data-coverage="some"]').count()).toBe(goBack);
    expect(await page.locator('g[data-edge][data-coverage="none"]').count()).toBe(0);
    await shot(page, 'coverage');

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Go to current' }).click();
    const canvasBox = await page.getByRole('region', { name: /Diagram canvas/ }).boundingBox();
    const current = await page.locator('g[data-state="category"] rect').first().boundingBox();
    expect(canvasBox).not.toBeNull();
    expect(current).not.toBeNull();
    if (canvasBox !== null && current !== null) {
      const centre = current.x + current.width / 2;
      expect(Math.abs(centre - (canvasBox.x + canvasBox.width / 2))).toBeLessThan(5);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('exports the view as SVG, and the Mermaid file', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart`);
    await waitHydrated(page);
    await page.getByRole('img', { name: 'Onboarding screens' }).waitFor();
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('onboarding-screens.svg');
    const text = readFileSync(await svg.path(), 'utf8');
    expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(text).toContain('<title id="chart-title">Onboarding screens</title>');
    expect(text).toContain('data-state="matched.step.account"');
    const [mermaid] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Mermaid' }).click(),
    ]);
    expect(readFileSync(await mermaid.path(), 'utf8').startsWith('stateDiagram-v2\n')).toBe(true);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('opens the real onboarding restored at the simulated state', async () => {
    const { context, page, problems } = await designer();
    await page.goto(`${site.url}/statechart#goal`);
    await waitHydrated(page);
    await expect.poll(() => simState(page)).toBe('matched.step.goal');
    const [app] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Open in the app' }).click(),
    ]);
    await app.getByRole('heading', { level: 1, name: 'Join Request Almost Sent' }).waitFor();
    expect(new URL(app.url()).pathname).toBe('/onboarding/work/goal');
    await savePicture(app, 'studio-open-in-app.png');

    // The studio follows that onboarding, and tells when its tab has gone.
    await page.getByRole('button', { name: 'Live' }).click();
    const status = page.locator('#studio-panel').getByRole('status');
    await expect
      .poll(() => status.textContent())
      .toContain('Following an onboarding in another tab');
    await expect
      .poll(() => page.locator('#studio-panel').textContent())
      .toMatch(/Updated \d+ s ago/);
    await app.close({ runBeforeUnload: true });
    await expect.poll(() => status.textContent()).toMatch(/closed|Not heard from/);
    await page.locator('g[data-state="matched.step.goal"][data-active="true"]').waitFor();
    await shot(page, 'live-closed');
    expect(problems).toEqual([]);
    await context.close();
  });
});

test.describe('statechart studio at 360x740', () => {
  test('stacks the canvas over the panel under a thin header, the tools behind a button', async () => {
    const context = await site.newContext({ viewport: { width: 360, height: 740 } });
    const { page, problems } = await openVisitor(context);
    await page.goto(`${site.url}/statechart#team`);
    await waitHydrated(page);
    await expect.poll(() => simState(page)).toBe('matched.step.team');
    await expectScreens(page, `You're in luck! Team "${TEAM}" has one slot left.`);
    const header = await page.getByRole('banner').boundingBox();
    const canvas = await page.getByRole('region', { name: /Diagram canvas/ }).boundingBox();
    const panel = await page.locator('#studio-panel').boundingBox();
    if (header === null || canvas === null || panel === null) throw new Error('not drawn');
    expect(header.height).toBeLessThanOrEqual(44);
    expect(canvas.height).toBeGreaterThanOrEqual(200);
    expect(panel.y).toBeGreaterThanOrEqual(canvas.y + canvas.height - 1);
    expect(panel.width).toBeGreaterThanOrEqual(350);
    // Readable on a phone: the view is at a readable size round the team step.
    expect(Number.parseInt((await zoomText(page)) ?? '0', 10)).toBeGreaterThanOrEqual(70);
    await shot(page, 'phone-team');
    const exportSvg = page.getByRole('button', { name: 'Export SVG' });
    expect(await exportSvg.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Tools' }).click();
    expect(await exportSvg.isVisible()).toBe(true);
    await shot(page, 'phone-tools');
    // The site's page links wait behind the header's Menu button.
    const pricing = page.getByRole('banner').getByRole('link', { name: 'Pricing' });
    expect(await pricing.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await pricing.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const) {
  test.describe(`the studio's membership chart at ${viewport.width} px`, () => {
    test('the chooser switches charts, every membership state is drawn, a reload keeps the choice', async () => {
      const context = await site.newContext({ viewport });
      const { page, problems } = await openVisitor(context);
      await page.goto(`${site.url}/statechart`);
      await waitHydrated(page);
      const chooser = page.getByRole('combobox', { name: 'Chart' });
      await expect(chooser).toHaveValue('onboarding');
      const found: string[] = [];
      await chooser.selectOption({ label: 'Membership' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membership statechart');
      expect(new URL(page.url()).searchParams.get('chart')).toBe('membership');
      // The chooser the new chart drew keeps the focus the old one had.
      await expect(page.getByRole('combobox', { name: 'Chart' })).toBeFocused();
      const expectMembership = async () => {
        const drawing = page.getByRole('img', { name: 'Membership statechart' });
        await drawing.waitFor();
        for (const state of membershipGraph().states) {
          const box = drawing.locator(`g[data-state="${state.id}"]`);
          await expect(box.locator('text').first()).toHaveText(state.key);
          await expect(box).toBeVisible();
          if (state.title !== null && state.id !== 'membership') {
            await expect(box).toContainText(state.title);
          }
        }
      };
      await expectMembership();
      await shot(page, `membership-${viewport.width}`);
      // The sandbox steps the real machine: a person who left asks for a team again.
      await page.goto(`${site.url}/statechart?chart=membership#left`);
      await waitHydrated(page);
      await expect.poll(() => simState(page)).toBe('left');
      await expect(page.locator('#studio-panel')).toContainText('team.ask, account.delete');
      found.push(...(await axeFindings(page, `membership at ${viewport.width}`)));
      await choose(page, /^team\.ask \(a team chosen\)$/);
      await expect.poll(() => simState(page)).toBe('applicant.waiting');
      await page.reload();
      await waitHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membership statechart');
      await expect(page.getByRole('combobox', { name: 'Chart' })).toHaveValue('membership');
      await expectMembership();
      await page.getByRole('combobox', { name: 'Chart' }).selectOption({ label: 'Onboarding' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onboarding statechart');
      expect(new URL(page.url()).search).toBe('');
      expect(found, found.join('\n')).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
}
