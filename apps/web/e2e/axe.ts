import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { WINDOWS } from './onboarding.ts';

/**
 * axe-core's minified build (650 KB; its `source` export is the unminified 1.5 MB one). It is sent
 * to a frame only when that frame has no axe yet: a single-page app checked again after a step
 * keeps the one it has.
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What every browser test holds a screen to: WCAG 2.2 at levels A and AA (and 2.0, 2.1 under it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One rule axe found broken, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string | null }[];
}

/** The part of axe-core's page API used here (its types are not loaded into the page). */
interface AxeInPage {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  }>;
}

/** Sends axe-core to `frame` unless it has it already. */
async function withAxe(frame: Frame): Promise<void> {
  const has = await frame.evaluate(() => 'axe' in window);
  if (!has) await frame.evaluate(AXE_SOURCE);
}

/**
 * axe on the page as it is now, and on its same-origin frames, for WCAG A/AA: its violations only.
 * Finite animations and transitions are let end first (a colour is measured as it ends up, not
 * mid-fade), then axe-core's own API runs in the page (each frame given axe first, so the top one
 * can ask them), with the elements' selectors made for the violations alone (`resultTypes`) and
 * only what the findings name sent back. `@axe-core/playwright`'s builder sent the unminified
 * source twice a check and brought every passing element back with its selector: the console,
 * team-life and statechart files cost 227 s of processor time with it and 174 s this way, one
 * worker. Cross-origin frames are not checked, and no page here has one.
 */
export async function runAxe(page: Page): Promise<{ violations: AxeViolation[] }> {
  for (const frame of page.frames()) {
    // A frame that goes away meanwhile is not checked (axe marks a frame it cannot reach).
    await withAxe(frame).catch((error: unknown) => {
      if (frame === page.mainFrame()) throw error;
    });
  }
  const violations = await page.evaluate(async (tags) => {
    // Entrance transitions would be measured half-faded (a button's colour, a toast sliding
    // in): let finite animations and transitions end first, and again while new ones start in
    // the frames after; then let a smooth scroll come to rest.
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 10; round += 1) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await frame();
      await frame();
      if (running().length === 0) break;
    }
    // A smooth scroll (focus moved to a heading further down, say) is no animation: wait until the
    // page has stayed put for a few frames, or targets are measured under a toast mid-way.
    let still = 0;
    let at = [scrollX, scrollY];
    for (let round = 0; round < 120 && still < 3; round += 1) {
      await frame();
      still = scrollX === at[0] && scrollY === at[1] ? still + 1 : 0;
      at = [scrollX, scrollY];
    }
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        // One selector per frame level; a part inside a shadow root is itself a list of them.
        target: node.target.map((part) =>
          Array.isArray(part) ? part.join(' >>> ') : String(part),
        ),
        failureSummary: node.failureSummary ?? null,
      })),
    }));
  }, WCAG_TAGS);
  return { violations };
}

/**
 * The findings of each screen axe has held in this worker (a worker is one process, and runs its
 * tests one after another), by the screen's name, its address without the query, and the window's
 * width: a screen several tests reach under one name (an operator's set-up, say) is checked once
 * per worker, and its findings given again to every test that reaches it.
 */
const checkedScreens = new Map<string, string[]>();

/** The key `checkedScreens` keeps `screen` under, as the page shows it now. */
export function screenKey(page: Page, screen: string): string {
  const url = new URL(page.url());
  return `${screen} | ${url.origin}${url.pathname} | ${page.viewportSize()?.width ?? 'no'} px`;
}

/**
 * Runs axe on the page as it is now and returns one readable line per violating element: the
 * screen, the rule, its impact, the element and what to fix. A screen this worker has already
 * held under the same key (`screenKey`) is not checked again: its findings are returned again.
 */
export async function axeFindings(page: Page, screen: string): Promise<string[]> {
  const key = screenKey(page, screen);
  const known = checkedScreens.get(key);
  if (known !== undefined) return known;
  const findings = await freshAxeFindings(page, screen);
  checkedScreens.set(key, findings);
  return findings;
}

/** `axeFindings` without the worker's memory: axe runs on the page as it is now. */
async function freshAxeFindings(page: Page, screen: string): Promise<string[]> {
  const results = await runAxe(page);
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${screen}: ${violation.id} (${violation.impact ?? 'no impact'}) at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
    ),
  );
}

/** The screen as it is now has no WCAG A/AA violation axe can find. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(await axeFindings(page, screen)).toEqual([]);
}

/**
 * `expectAccessible` in each of WINDOWS, the page resized to each in turn and then back: for a test
 * whose steps do not depend on the width but whose screens are held to both (a target's size, a
 * contrast over a layout that moves).
 */
export async function expectAccessibleEach(page: Page, screen: string): Promise<void> {
  const viewport = page.viewportSize();
  try {
    for (const [width, height] of WINDOWS) {
      await page.setViewportSize({ width, height });
      await expectAccessible(page, `${screen} at ${width}`);
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}
