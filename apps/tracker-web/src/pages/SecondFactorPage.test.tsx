import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operator, queued } from '../../test/console.ts';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { currentHref, renderApp } from '../../test/renderApp.tsx';
import { assertion, browserRefusal, fakeWebAuthn, removeWebAuthn } from '../../test/webauthn.ts';

const request = queued();
const OLIVES_KEY = assertion('olives-key');
const options = {
  challenge: 'c2Vjb25k',
  rpId: 'localhost',
  allowCredentials: [{ id: OLIVES_KEY.json.id, type: 'public-key' }],
  userVerification: 'required',
};

/** A fake tracker whose session passes the second factor with the operator's passkey. */
function tracker(keys = options.allowCredentials) {
  let passed = false;
  return fakeTracker({
    'POST /api/session/second-factor/passkey/options': () =>
      json({ options: { ...options, allowCredentials: keys } }),
    'POST /api/session/second-factor/passkey': async (sent) => {
      const body = (await sent.json()) as { credential: { id: string } };
      if (body.credential.id !== OLIVES_KEY.json.id) {
        return refusal(
          401,
          'INVALID_PASSKEY',
          'That passkey was not accepted. Try again, or sign in with your password.',
        );
      }
      passed = true;
      return json({ member: operator, secondFactor: 'passed' });
    },
    'GET /api/console/join-requests': () =>
      passed
        ? json({ items: [request], total: 1, limit: 20, offset: 0, recent: [] })
        : refusal(403, 'SECOND_FACTOR_REQUIRED', 'Enter the code first.'),
    'GET /api/console/teams': () => json({ teams: [] }),
  });
}

// A browser with WebAuthn (beneath the ceremony's library), its get() answered per test.
let browser: ReturnType<typeof fakeWebAuthn>;
beforeEach(() => {
  browser = fakeWebAuthn();
});
afterEach(removeWebAuthn);

describe('the second factor with a passkey', () => {
  it('uses the operator’s passkey instead of the code, then goes on to the page asked for', async () => {
    const fake = tracker();
    browser.get.mockResolvedValue(OLIVES_KEY.credential);
    const { router } = await renderApp('/second-factor?next=%2Fconsole');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication code' }),
    ).toBeVisible();
    // The code's way is as it was.
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Or use a passkey' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join requests' })).toBeVisible();
    expect(currentHref(router)).toBe('/console');
    // The browser was asked for one of the operator's own keys, with their screen lock.
    expect(browser.get.mock.calls[0]?.[0].publicKey).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [expect.objectContaining({ type: 'public-key' })],
    });
    const [sent] = fake.to('POST /api/session/second-factor/passkey');
    expect(await sent?.json()).toEqual({ credential: OLIVES_KEY.json });
    expect(fake.to('POST /api/session/second-factor')).toHaveLength(0);
  });

  it('says so when the device gives no key, or the tracker refuses it; the code still works', async () => {
    const fake = tracker();
    browser.get
      .mockImplementationOnce(browserRefusal('NotAllowedError'))
      .mockResolvedValueOnce(assertion('someone-elses-key').credential);
    await renderApp('/second-factor');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Use a passkey' });

    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No passkey was used. Try again, or enter the code from your authenticator app.',
    );
    expect(button).toHaveAccessibleDescription(/No passkey was used/);
    expect(fake.to('POST /api/session/second-factor/passkey')).toHaveLength(0);

    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('That passkey was not accepted.'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Authentication code' })).toBeVisible();
  });

  it('tells an operator without a passkey to use the code, and asks no device', async () => {
    tracker([]);
    await renderApp('/second-factor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have no passkey for the console yet.',
    );
    expect(browser.get).not.toHaveBeenCalled();
  });

  it('offers no passkey where the browser has none', async () => {
    removeWebAuthn();
    tracker();
    await renderApp('/second-factor');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication code' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});
