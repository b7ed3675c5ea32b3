import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { mailTo } from './mail.ts';
import { screenshot } from './onboarding.ts';
import { decodeQr } from './qr.ts';

/** The password the browser tests' operators set from their mailed link. */
export const OPERATOR_PASSWORD = 'olive operator password';

/** The set-password token of the mail that invited `email` as an operator. */
export async function operatorToken(dataDir: string, email: string): Promise<string> {
  const invitation = await mailTo(dataDir, 'operator-added', email);
  const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(invitation)?.[1] ?? '';
  expect(token).not.toBe('');
  return decodeURIComponent(token);
}

/**
 * An invited operator made ready through the tracker's API, in the page's own context (its
 * cookies), for a test of what an operator does rather than of the set-up screens (the console's
 * test walks those at both widths): the password set with the mailed link's token, the sign-in,
 * the authenticator set up from the secret the enrolment answers, then the console's join
 * requests opened. `email` must have been invited (`addOperator`) and not be set up yet.
 */
export async function operatorAtConsole(
  page: Page,
  tracker: { url: string; dataDir: string },
  email: string,
): Promise<void> {
  const token = await operatorToken(tracker.dataDir, email);
  const call = async (method: 'GET' | 'POST', path: string, data?: object) => {
    const answer = await page.request.fetch(`${tracker.url}${path}`, {
      method,
      ...(data === undefined ? {} : { data }),
      headers: { origin: tracker.url },
    });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return answer;
  };
  await call('POST', '/api/password-resets/completion', { token, password: OPERATOR_PASSWORD });
  await call('POST', '/api/session', { email, password: OPERATOR_PASSWORD });
  const { secret } = (await (await call('GET', '/api/console/second-factor')).json()) as {
    secret: string;
  };
  await call('POST', '/api/console/second-factor', { code: new TOTP({ secret }).generate() });
  await page.goto(`${tracker.url}/console`);
  await heading(page, 'Join requests');
}

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
