import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './expect.ts';

/**
 * What the onboarding browser tests share: the site's configuration for them, a visitor's page
 * that records console errors, and checks worded as the visitor reads the screen.
 */

export const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });

/**
 * Whether the tests save pictures of the screens they stop at, into `e2e/screenshots/`: only when
 * asked (`E2E_SHOTS=1`), to look at them. A full-page picture costs Chromium a third to half a
 * second of processor time, and `pnpm test` took about 190 that nobody looked at; what a test
 * checks of a screen (nothing scrolls sideways, at each width) it checks either way.
 */
export const SAVE_SHOTS = process.env.E2E_SHOTS === '1';

/** `page.screenshot` into `e2e/screenshots/NAME`, when pictures are asked for (`SAVE_SHOTS`). */
export async function savePicture(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SAVE_SHOTS) return;
  await page.screenshot({ path: `${shots}${name}`, ...options });
}

/**
 * How long a step may take to show (the machine this runs on is often busy): a step that does not
 * come fails in seconds rather than at the test's time-out.
 */
export const STEP_TIMEOUT_MS = 15_000;

/** The team step's Yes, in the spec's words. */
export const YES =
  "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes";

/** The two windows most tests run in, width by height: a phone and a laptop. */
export const WINDOWS = [
  [360, 740],
  [1280, 800],
] as const;

/** The visitor's own time zone, away from Mountain Time so the info call shows both. */
export const VISITOR_TIME_ZONE = 'America/New_York';

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

/** A fresh visitor (own storage and cookies) on a `width` px wide window. */
export async function openVisitor(context: BrowserContext): Promise<Visitor> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the page shows `path` with the one h1 reading exactly `heading`. */
export async function expectScreen(page: Page, path: string, heading: string): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout: STEP_TIMEOUT_MS }).toBe(path);
  await expect
    .poll(() => page.locator('h1').allTextContents(), { timeout: STEP_TIMEOUT_MS })
    .toEqual([heading]);
}

/**
 * From Team Deep Work Crew's screen (the work area's Employee team) through intro, goal, commit
 * and sync to the account step, each screen checked on the way.
 */
export async function yesToAccount(page: Page, name: string, goal: string): Promise<void> {
  await page.getByRole('button', { name: YES }).click();
  await expectScreen(page, '/onboarding/work/intro', 'Introduce yourself to Team Deep Work Crew');
  await page.getByLabel('Your Name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectScreen(page, '/onboarding/work/goal', 'Join Request Almost Sent');
  await page.getByLabel('Tell your team one sentence about your goals').fill(goal);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectScreen(page, '/onboarding/work/commit', 'Can your team count on you?');
  await page.getByRole('button', { name: 'Yes, you can count on me' }).click();
  await expectScreen(page, '/onboarding/work/sync', 'Twice-weekly check-ins');
  await page.getByRole('button', { name: "Yes, I'll join the check-ins" }).click();
  await expectScreen(page, '/onboarding/work/account', 'Last step: create your account');
}

/** Waits until the confirm screen says the join request went to the seeded work team. */
export const expectJoinRequestSent = (page: Page) =>
  expectScreen(page, '/onboarding/work/confirm', 'Join Request Sent to Team Deep Work Crew!');

/** The messages of the error summary, which has taken focus, in field order. */
export async function errorSummary(page: Page): Promise<string[]> {
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect
    .poll(() => summary.evaluate((element) => element === document.activeElement))
    .toBe(true);
  return summary.getByRole('listitem').allTextContents();
}

/** 'Step N of M' near the heading and at the start of the page title. */
export async function expectProgress(page: Page, step: number, of: number): Promise<void> {
  const text = `Step ${step} of ${of}`;
  await expect.poll(() => page.getByText(text, { exact: true }).count()).toBe(1);
  await expect.poll(() => page.title()).toMatch(new RegExp(`^${text} \\| `));
}

/**
 * The open toast (one at a time, spec 2) has exactly this title and description, and sits
 * bottom-right on a wide screen; on a phone in the top half, below the header (spec 2).
 */
export async function expectToast(
  page: Page,
  title: string,
  description: string | null,
): Promise<void> {
  const toast = page.getByRole('region', { name: /Notifications/ }).locator('li');
  await expect.poll(() => toast.count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
  // Radix renders the title and the description as the toast's own divs (the close is a button).
  await expect
    .poll(() => toast.locator(':scope > div').allTextContents())
    .toEqual(description === null ? [title] : [title, description]);
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) throw new Error('the toast is not on screen');
  if (viewport.width < 640) {
    // Spec 2: at the top on a phone, always; below the header, so its menu stays usable.
    const header = await page.getByRole('banner').boundingBox();
    // The toast slides in from above: measure where it comes to rest, not a frame of its entry.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? Number.NEGATIVE_INFINITY)
      .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
    const rest = await toast.boundingBox();
    expect((rest?.y ?? viewport.height) + (rest?.height ?? 0)).toBeLessThanOrEqual(
      viewport.height / 2,
    );
  } else {
    // Bottom-right on larger screens: wholly inside the bottom-right quarter.
    expect(box.y).toBeGreaterThanOrEqual(viewport.height / 2);
    expect(box.x).toBeGreaterThanOrEqual(viewport.width / 2);
  }
}

/**
 * Nothing sticks out sideways; the page is left at its top, and saved for a person to look at when
 * pictures are asked for (`SAVE_SHOTS`).
 */
export async function screenshot(page: Page, width: number, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at ${width} px scrolls sideways`).toBe(0);
  // A full-page capture of a scrolled page draws the sticky header part-way down: start at the
  // top. A toast still sliding in would be caught half transparent: let finite animations end.
  // Done with pictures or without, so that what a test checks next meets the same page (left at
  // its top) either way.
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await savePicture(page, `onboarding-${width}-${name}.png`, { fullPage: true });
}

/**
 * `screenshot` in each of WINDOWS, the page resized to each in turn and then back: for a test whose
 * steps do not depend on the width, run in one window, with its screens still held to both.
 */
export async function screenshotEach(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  try {
    for (const [width, height] of WINDOWS) {
      await page.setViewportSize({ width, height });
      await screenshot(page, width, name);
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

export function uniqueEmail(who: string): string {
  return `${who}.${randomUUID().slice(0, 8)}@example.com`;
}

/** A real PNG picture (`size` x `size` pixels of one colour), made here rather than kept as a file. */
export function makePng(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Chooses a file for the confirm screen's photo the way a visitor does: through the picker. */
export async function choosePhoto(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const picker = page.waitForEvent('filechooser');
  await page.getByText(/^(Upload|Change) photo$/).click();
  await (await picker).setFiles(file);
}
