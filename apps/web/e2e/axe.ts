import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';
import { WINDOWS } from './onboarding.ts';

/** axe-core's source, as `@axe-core/playwright` itself resolves it (the same version). */
const { source } = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
) as { source: string };
/**
 * axe's source, run only where the page has no axe yet: a single-page app checked again after a
 * step keeps the one it has, instead of parsing 650 KB again (about 65 ms a check).
 */
const AXE_ONCE = `if (typeof window.axe === 'undefined') {\n${source}\n}`;

/** What every browser test holds a screen to: WCAG 2.2 at levels A and AA (and 2.0, 2.1 under it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe on the page as it is now, and on its same-origin frames, for WCAG A/AA. Legacy mode runs
 * axe in the page itself; the default mode finishes every check in a new blank tab, which took
 * each check from about 250 ms to 570 ms. What legacy mode leaves out is cross-origin frames, and
 * no page here has one.
 */
export function runAxe(page: Page) {
  return new AxeBuilder({ page, axeSource: AXE_ONCE })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
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
  // Entrance transitions would be measured half-faded: let finite animations end first, and
  // again while new ones start in the frames after (a toast slides in once its answer is drawn);
  // then let a smooth scroll come to rest.
  await page.evaluate(async () => {
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
  });
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
