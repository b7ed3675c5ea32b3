import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { SITE_ENV, test } from './fixtures.ts';
import { STEP_TIMEOUT_MS, screenshot, uniqueEmail, WINDOWS } from './onboarding.ts';
import { heading } from './operator.ts';
import { type RunningTestSite, startTestSite } from './server.ts';
import { approveJoinRequest, createAccount, signInToTracker } from './site.ts';
import { addVirtualAuthenticator } from './webauthn.ts';

/**
 * A member's passkeys, in Chromium with a virtual authenticator (DevTools protocol, WebAuthn
 * domain: a platform store of discoverable keys that verifies its user without a prompt) against
 * the real site and its embedded tracker. The member adds a passkey on the profile page, signs
 * out, and signs in with it without typing an address: with the sign-in's button, and in the
 * address field's autofill (conditional UI). Removed on the profile, the key the authenticator
 * still holds is refused, and the sign-in page says so. The steps do not depend on the width:
 * they run at 360 px, and each new screen is held to both windows with axe at each.
 *
 * A site of its own, its tracker's public URL on `localhost`: a browser binds no passkey to an IP
 * address, and the tracker's RP ID is its public URL's host name.
 */

let site: RunningTestSite | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startTestSite(SITE_ENV, 'localhost');
});

test.afterAll(async () => {
  await site?.close();
});

/** The screen as it is now, at each window: nothing sideways, no axe finding, a picture. */
async function hold(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  try {
    for (const [width, height] of WINDOWS) {
      await page.setViewportSize({ width, height });
      await expectAccessible(page, `${name} at ${width}`);
      await screenshot(page, width, `passkeys-${name}`);
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/**
 * A phone's browser. `autofill: false` is one that offers no passkeys in the address field
 * (PublicKeyCredential.isConditionalMediationAvailable taken away before the page's code runs):
 * Chromium's virtual authenticator answers the address field's ceremony by itself, at once, so
 * only there does the button get the chance to start one.
 */
async function phone(browser: Browser, { autofill = true } = {}) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 360, height: 800 },
  });
  if (!autofill) {
    await context.addInitScript(() => {
      Reflect.deleteProperty(PublicKeyCredential, 'isConditionalMediationAvailable');
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { context, page };
}

test('at 360 px a member adds a passkey on the profile, signs in with it without an address (autofill and button), and a removed one is refused', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  if (site === undefined) throw new Error('the site did not start');
  const { url: siteUrl, trackerUrl } = site;
  const tracker = { url: trackerUrl, apiUrl: site.trackerApiUrl, dataDir: site.dataDir };
  const member = {
    email: uniqueEmail('pia'),
    name: 'Pia Passkey',
    password: 'correct horse battery',
    goal: 'Ship the release notes every Friday.',
  };
  const first = await phone(browser);
  const second = await phone(browser, { autofill: false });
  try {
    const { page } = first;
    await createAccount(siteUrl, member);
    await approveJoinRequest(tracker, member.email);
    await signInToTracker(page, trackerUrl, member.email, member.password);

    // The profile's card: no passkey yet; the password keeps working.
    await page.goto(`${trackerUrl}/profile`);
    await heading(page, 'Your profile');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();
    await expect(card).toContainText('Your password keeps working as it does now.');
    await hold(page, 'profile-none');

    // This phone's screen lock makes one.
    const authenticator = await addVirtualAuthenticator(page);
    await card.getByLabel('Name for the passkey (optional)').fill('Pia’s phone');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const added = card.getByRole('heading', { level: 3, name: 'Pia’s phone' });
    await expect(added).toBeFocused();
    await expect(card).toContainText('Not used to sign in yet.');
    await page.getByText('Passkey “Pia’s phone” added.', { exact: true }).waitFor();
    const [key] = await authenticator.credentials();
    expect(key?.isResidentCredential).toBe(true);
    expect(key?.rpId).toBe('localhost');
    await hold(page, 'profile-added');

    // Signed out, the sign-in page offers the key in the address field (conditional UI); the
    // virtual authenticator picks it there at once: signed in, nothing typed, nothing pressed.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${trackerUrl}/`, { waitUntil: 'commit' });
    await heading(page, `Hello, ${member.name}`);
    const [afterAutofill] = await authenticator.credentials();
    expect(afterAutofill?.signCount).toBeGreaterThan(key?.signCount ?? 0);

    // Another browser with the same key (synced, as a phone's passkeys are) and no autofill:
    // the button, still no address typed.
    const other = second.page;
    const copy = await addVirtualAuthenticator(other);
    if (afterAutofill === undefined) throw new Error('the phone holds no key');
    await copy.addCredential(afterAutofill);
    await other.goto(`${trackerUrl}/sign-in`);
    await heading(other, 'Sign in');
    await expect(other.getByLabel('Email address')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await hold(other, 'sign-in');
    await other.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await other.waitForURL(`${trackerUrl}/`);
    await heading(other, `Hello, ${member.name}`);

    // The profile says when it was last used.
    await page.goto(`${trackerUrl}/profile`);
    await expect(card).toContainText('Last used');

    // Removed on the profile (after a confirm), the key both browsers still hold is refused.
    await card.getByRole('button', { name: 'Remove “Pia’s phone”' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect(dialog).toContainText('“Pia’s phone” will no longer sign you in.');
    await hold(page, 'profile-remove-confirm');
    await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
    await card.getByText('You have no passkeys yet.').waitFor();
    await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeFocused();
    await page.getByText('Passkey “Pia’s phone” removed.', { exact: true }).waitFor();
    await hold(page, 'profile-removed');
    expect(await authenticator.credentials()).toHaveLength(1);

    const refused = 'That passkey was not accepted. Try again, or sign in with your password.';
    await other.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading(other, 'Sign in');
    await other.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const summary = other.getByRole('alert');
    await expect(summary).toContainText(refused);
    await expect(summary).toBeFocused();
    expect(new URL(other.url()).pathname).toBe('/sign-in');
    await hold(other, 'sign-in-refused');

    // The address field's pick is refused too, once, and said the same way.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await heading(page, 'Sign in');
    await expect(page.getByRole('alert')).toContainText(refused);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    // The password still signs in.
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading(page, `Hello, ${member.name}`);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
