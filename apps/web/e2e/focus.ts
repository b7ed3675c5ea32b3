import type { Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';

/**
 * Tabs through the page's controls (at most `limit` stops, from where the browser's focus
 * navigation starts) and returns those that show no focus ring of at least 2 px: axe does not
 * check that keyboard focus is visible.
 */
export async function focusWithoutRing(page: Page, screen: string, limit = 60): Promise<string[]> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (element === null || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      return {
        key: `${element.tagName} ${element.id} ${name} ${element.getAttribute('href') ?? ''}`,
        label: `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
        ring,
      };
    });
    if (focused === null || seen.has(focused.key)) break;
    seen.add(focused.key);
    if (!focused.ring) missing.push(`${screen}: no visible focus ring on ${focused.label}`);
  }
  expect(seen.size, `${screen}: Tab reaches no control`).toBeGreaterThan(0);
  return missing;
}

/**
 * After an action: focus is on `target` (what changed: the card's heading, the button pressed,
 * the next control), which is visible and has a name (`name` when given); never on the page's
 * body, where a keyboard or screen reader user would start again from the top.
 */
export async function expectFocusAfter(
  what: string,
  target: Locator,
  name: string | RegExp = /\S/,
): Promise<void> {
  await expect(target, `${what}: focus is not on what changed`).toBeFocused();
  const active = await target.page().evaluate(() => {
    const element = document.activeElement;
    return element === null || element === document.body ? null : element.tagName;
  });
  expect(active, `${what}: focus is on the page's body`).not.toBeNull();
  await expect(target, `${what}: the focused element is not visible`).toBeVisible();
  await expect(target, `${what}: the focused element's name`).toHaveAccessibleName(name);
}
