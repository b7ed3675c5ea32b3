import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { screenshot } from './onboarding.ts';
import { decodeQr } from './qr.ts';

/** The password the browser tests' operators set from their mailed link. */
export const OPERATOR_PASSWORD = 'olive operator password';

/** Waits until the page's one h1 reads `text`. */
export async function heading(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text);
}

/**
 * An operator's first visit at `width` on the tracker at `trackerUrl`, from the mailed link's
 * `token`: the password, sign-in, the authenticator app set up from the QR code (read from its
 * picture, as a phone's camera would), the recovery codes downloaded and confirmed, on to the
 * join requests. Returns the codes.
 */
export async function setUpOperator(
  page: Page,
  trackerUrl: string,
  width: number,
  email: string,
  token: string,
): Promise<string[]> {
  await page.goto(`${trackerUrl}/reset-password?token=${token}`);
  await heading(page, 'Set a new password');
  await page.getByLabel('New password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await heading(page, 'Set up your authenticator app');
  await expectAccessible(page, `set-up at ${width}`);
  const key = await page
    .locator('dd')
    .filter({ hasText: /^[A-Z2-7 ]{16,}$/ })
    .first()
    .textContent();
  await screenshot(page, width, 'console-enrol');
  // The QR code is read as a phone's camera would: from its picture.
  const qr = page.getByRole('img', {
    name: 'QR code that adds this tracker to an authenticator app',
  });
  const uri = decodeQr(await qr.screenshot());
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  expect(secret).toBe((key ?? '').replace(/ /g, ''));
  await page.getByLabel('Code from the app').fill(new TOTP({ secret }).generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await heading(page, 'Your recovery codes');
  const recoveryCodes = await page.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectAccessible(page, `recovery codes at ${width}`);
  // Downloaded as a text file holding every code; the console opens once they are saved.
  const [codesFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as a text file' }).click(),
  ]);
  const file = await readFile(await codesFile.path(), 'utf8');
  for (const code of recoveryCodes) expect(file).toContain(code);
  await screenshot(page, width, 'console-recovery-codes');
  await page.getByLabel('I have saved my recovery codes somewhere safe').check();
  await page.getByRole('link', { name: 'Go to the join requests' }).click();
  await heading(page, 'Join requests');
  return recoveryCodes;
}
