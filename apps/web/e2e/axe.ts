import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './expect.ts';

/** What every browser test holds a screen to: WCAG 2.2 at levels A and AA (and 2.0, 2.1 under it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and returns one readable line per violating element: the
 * screen, the rule, its impact, the element and what to fix.
 */
export async function axeFindings(page: Page, screen: string): Promise<string[]> {
  // Entrance transitions would be measured half-faded: let finite animations end first.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
