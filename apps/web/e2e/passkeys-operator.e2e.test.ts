import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect } from './expect.ts';
import { SITE_ENV, test } from './fixtures.ts';
import { mailTo } from './mail.ts';
import { STEP_TIMEOUT_MS, WINDOWS } from './onboarding.ts';
import { heading, OPERATOR_PASSWORD, operatorAtConsole } from './operator.ts';
import { PASSKEY_OPERATORS, type RunningTestSite, startTestSite } from './server.ts';
import { addVirtualAuthenticator } from './webauthn.ts';

/**
 * An operator's own passkey, in Chromium with a virtual authenticator (DevTools protocol,
 * `webauthn.ts`: a platform store of discoverable keys that verifies its user) against the real
 * site and its embedded tracker, at 360 and 1280 px with axe at every new screen state: the
 * operator (one per width, `PASSKEY_OPERATORS`), set up through the tracker's API (the console's
 * test walks the set-up screens), adds a passkey on the Operators page with the password again (a
 * wrong one refused first), signs out, signs in with the password and the passkey as the second
 * factor, then with the passkey alone; removes it; the removed key, still
 * on the device, is refused at sign-in, and the code page says there is none. The audit log
 * holds the addition and the removal, and the operator is mailed about each.
 *
 * A site of its own, its tracker's public URL on `localhost` (a browser binds no passkey to an IP
 * address), and a browser that offers no passkeys in the sign-in's address field: Chromium's
 * virtual authenticator answers that field's ceremony by itself at once, which would sign the
 * operator in before the password or the button could be used.
 */

let running: RunningTestSite | undefined;
const site = {
  get tracker() {
    if (running === undefined) throw new Error('the site did not start');
    return { url: running.trackerUrl, dataDir: running.dataDir };
  },
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startTestSite(SITE_ENV, 'localhost');
});

test.afterAll(async () => {
  await running?.close();
});

/** Sign out from the console's header (behind Menu on a phone), back on the sign-in page. */
async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');
}

const focused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** The audit log's lines about `name` (found through its search) that read `action`. */
async function auditLines(page: Page, name: string, action: string) {
  await page.goto(`${site.tracker.url}/console/audit`);
  await heading(page, 'Audit log');
  await page.getByLabel('Find by operator or by whom it was about').fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  await expect.poll(() => entries.getByRole('heading', { name: action }).count()).toBe(1);
}

async function openOperators(page: Page, name: string) {
  await page.goto(`${site.tracker.url}/console/operators`);
  await heading(page, 'Operators');
  return page.getByRole('article', { name: new RegExp(`^${name}`) });
}

for (const [width, height] of WINDOWS) {
  test(`at ${width} px an operator adds a passkey with the password again, signs in with it as the second factor and alone, and once removed it is refused`, async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    const operator = PASSKEY_OPERATORS[width];
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width, height },
    });
    // No passkeys offered in the address field (see above): the button and the password only.
    await context.addInitScript(() => {
      Reflect.deleteProperty(PublicKeyCredential, 'isConditionalMediationAvailable');
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const device = await addVirtualAuthenticator(page);
      await operatorAtConsole(page, site.tracker, operator.email);

      // Their own card on the Operators page: no passkeys yet.
      let own = await openOperators(page, operator.name);
      await expect.poll(() => own.getByText('You have no passkeys yet.').count()).toBe(1);
      await expectAccessible(page, `operators, no passkeys, at ${width}`);

      // Add one: a wrong password is refused at its field, and the device is not asked.
      const opener = own.getByRole('button', { name: 'Add a passkey…' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      await expect.poll(() => focused(dialog.getByLabel('Name of the passkey'))).toBe(true);
      await expectAccessible(page, `add a passkey at ${width}`);
      await dialog.getByLabel('Name of the passkey').fill('Test laptop');
      const password = dialog.getByLabel('Your password');
      await password.fill('not the password');
      await dialog.getByRole('button', { name: 'Add passkey' }).click();
      await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, `add a passkey, wrong password, at ${width}`);
      expect(await device.credentials()).toHaveLength(0);

      await password.fill(OPERATOR_PASSWORD);
      await dialog.getByRole('button', { name: 'Add passkey' }).click();
      await expect.poll(() => page.getByText('The passkey “Test laptop” is added').count()).toBe(1);
      const added = own
        .getByRole('listitem')
        .filter({ hasText: 'Test laptop' })
        .locator('p')
        .first();
      await expect.poll(() => focused(added)).toBe(true);
      await expect.poll(() => added.textContent()).toBe('Test laptop');
      await expect.poll(() => own.getByText(/^Added .*\. Not used yet\.$/).count()).toBe(1);
      const [key] = await device.credentials();
      expect(key?.isResidentCredential).toBe(true);
      expect(key?.rpId).toBe(new URL(site.tracker.url).hostname);
      await expectAccessible(page, `passkey added at ${width}`);
      expect(await mailTo(site.tracker.dataDir, 'passkey-added', operator.email)).toContain(
        'Test laptop',
      );
      await auditLines(page, operator.name, 'Added a passkey');
      await expectAccessible(page, `audit log, passkey added, at ${width}`);

      // The password, then the passkey instead of the code.
      await signOut(page);
      await page.getByLabel('Email address').fill(operator.email);
      await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await heading(page, 'Authentication code');
      await expectAccessible(page, `code step with a passkey at ${width}`);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await heading(page, 'Join requests');

      // The passkey alone: no address, no password, no code.
      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await heading(page, 'Join requests');
      const [used] = await device.credentials();
      expect(used?.signCount).toBeGreaterThan(key?.signCount ?? 0);

      // Removed after a question; focus on the list's heading.
      own = await openOperators(page, operator.name);
      await expect.poll(() => own.getByText(/^Added .*\. Last used .*\.$/).count()).toBe(1);
      await own.getByRole('button', { name: 'Remove… Test laptop' }).click();
      const question = page.getByRole('dialog', { name: 'Remove the passkey “Test laptop”?' });
      await expect.poll(() => question.isVisible()).toBe(true);
      await expectAccessible(page, `remove the passkey at ${width}`);
      await question.getByRole('button', { name: 'Yes, remove' }).click();
      await expect.poll(() => own.getByText('You have no passkeys yet.').count()).toBe(1);
      await expect
        .poll(() => focused(own.getByRole('heading', { name: 'Your passkeys' })))
        .toBe(true);
      await expectAccessible(page, `passkey removed at ${width}`);
      expect(await mailTo(site.tracker.dataDir, 'passkey-removed', operator.email)).toContain(
        'Test laptop',
      );
      await auditLines(page, operator.name, 'Removed a passkey');

      // The device still holds the key: the tracker refuses it.
      expect(await device.credentials()).toHaveLength(1);
      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect
        .poll(() => page.getByText('That passkey was not accepted.', { exact: false }).count())
        .toBeGreaterThan(0);
      await heading(page, 'Sign in');
      await expectAccessible(page, `removed passkey refused at ${width}`);

      // After the password, the code page has no passkey to ask for; the code still works.
      await page.getByLabel('Email address').fill(operator.email);
      await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await heading(page, 'Authentication code');
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'no passkey' }).count())
        .toBe(1);
      await expectAccessible(page, `code step, no passkey, at ${width}`);
      await device.remove();
    } finally {
      await context.close();
    }
  });
}
