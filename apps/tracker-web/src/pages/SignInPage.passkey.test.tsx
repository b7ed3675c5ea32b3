import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { home } from '../../test/members.ts';
import { currentHref, renderApp } from '../../test/renderApp.tsx';
import { PASSKEY_CANCELLED, PasskeyCeremonyError } from '../passkeys/webauthn.ts';

// The browser's side of a ceremony is the webauthn module's (tested with a virtual authenticator
// in the browser tests); here it answers as a test says.
const webauthn = vi.hoisted(() => ({
  usePasskey: vi.fn(),
  passkeyAutofillSupported: vi.fn(),
  cancelPasskeyCeremony: vi.fn(),
}));
vi.mock('../passkeys/webauthn.ts', async (original) => ({
  ...(await original<typeof import('../passkeys/webauthn.ts')>()),
  ...webauthn,
}));

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', userVerification: 'required' };
const CREDENTIAL = {
  id: 'a2V5LW9uZQ',
  rawId: 'a2V5LW9uZQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const member = () => json({ member: { id: 7, name: 'Ada Lovelace', role: 'member' } });
const withPasskey = (signIn = member) => ({
  'POST /api/session/passkey/options': () => json({ options: OPTIONS }),
  'POST /api/session/passkey': signIn,
  'GET /api/me': () => json(home()),
});

/** A ceremony left open until the test ends it, as the browser's autofill is. */
function openCeremony() {
  let pick: (credential: unknown) => void = () => undefined;
  let cancel: (failure: unknown) => void = () => undefined;
  webauthn.usePasskey.mockImplementationOnce(
    () =>
      new Promise((resolve, reject) => {
        pick = resolve;
        cancel = reject;
      }),
  );
  return { pick: (credential: unknown) => pick(credential), cancel: (e: unknown) => cancel(e) };
}

beforeEach(() => {
  webauthn.passkeyAutofillSupported.mockResolvedValue(false);
  webauthn.cancelPasskeyCeremony.mockResolvedValue(undefined);
});
afterEach(() => vi.resetAllMocks());

describe('signing in with a passkey', () => {
  it('offers passkeys in the address field and has the button', async () => {
    fakeTracker({});
    await renderApp('/sign-in');
    expect(screen.getByLabelText('Email address')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  });

  it('signs a member in with the button, no address typed, and opens the home page', async () => {
    webauthn.usePasskey.mockResolvedValueOnce(CREDENTIAL);
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    expect(currentHref(router)).toBe('/');
    expect(webauthn.usePasskey).toHaveBeenCalledWith(OPTIONS, { autofill: false });
    const [sent] = tracker.to('POST /api/session/passkey');
    expect(await sent?.json()).toEqual({ credential: CREDENTIAL });
    expect(tracker.to('POST /api/session')).toHaveLength(0);
  });

  it('goes on to the ?next= path, as the password does', async () => {
    webauthn.usePasskey.mockResolvedValueOnce(CREDENTIAL);
    fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('takes an operator, whose passkey passes the second factor too, to the console', async () => {
    webauthn.usePasskey.mockResolvedValueOnce(CREDENTIAL);
    fakeTracker(
      withPasskey(() =>
        json({ member: { id: 1, name: 'Olive Op', role: 'operator' }, secondFactor: 'passed' }),
      ),
    );
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console'));
  });

  it('says plainly when no passkey was used, and stays', async () => {
    webauthn.usePasskey.mockRejectedValueOnce(
      new PasskeyCeremonyError(PASSKEY_CANCELLED, 'cancelled'),
    );
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      'No passkey was used. Try again, or sign in with your email and password.',
    );
    expect(summary).toHaveFocus();
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows the tracker’s reason for a passkey it refuses', async () => {
    webauthn.usePasskey.mockResolvedValueOnce(CREDENTIAL);
    fakeTracker(
      withPasskey(() =>
        refusal(
          401,
          'INVALID_PASSKEY',
          'That passkey was not accepted. Try again, or sign in with your password.',
        ),
      ),
    );
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      'That passkey was not accepted. Try again, or sign in with your password.',
    );
    expect(summary).toHaveFocus();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('never starts the address field’s ceremony where the browser has no such autofill', async () => {
    const tracker = fakeTracker(withPasskey());
    await renderApp('/sign-in');
    await waitFor(() => expect(webauthn.passkeyAutofillSupported).toHaveBeenCalled());
    expect(webauthn.usePasskey).not.toHaveBeenCalled();
    expect(tracker.to('POST /api/session/passkey/options')).toHaveLength(0);
  });

  it('waits in the address field where the browser offers passkeys there, and signs in with the one picked', async () => {
    webauthn.passkeyAutofillSupported.mockResolvedValue(true);
    const ceremony = openCeremony();
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    await waitFor(() =>
      expect(webauthn.usePasskey).toHaveBeenCalledWith(OPTIONS, { autofill: true }),
    );
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);

    await act(async () => ceremony.pick(CREDENTIAL));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
    const [sent] = tracker.to('POST /api/session/passkey');
    expect(await sent?.json()).toEqual({ credential: CREDENTIAL });
  });

  it('ends the address field’s ceremony when the password is used, and when the page is left', async () => {
    webauthn.passkeyAutofillSupported.mockResolvedValue(true);
    const ceremony = openCeremony();
    webauthn.cancelPasskeyCeremony.mockImplementation(async () =>
      ceremony.cancel(new PasskeyCeremonyError(PASSKEY_CANCELLED, 'superseded')),
    );
    const tracker = fakeTracker({
      ...withPasskey(),
      'POST /api/session': member,
    });
    await renderApp('/sign-in');
    await waitFor(() => expect(webauthn.usePasskey).toHaveBeenCalledTimes(1));

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(webauthn.cancelPasskeyCeremony).toHaveBeenCalled());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    // The cancelled ceremony says nothing, and sends nothing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
    // Leaving the page ends whatever is still open.
    expect(webauthn.cancelPasskeyCeremony.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the button’s prompt the place of the address field’s', async () => {
    webauthn.passkeyAutofillSupported.mockResolvedValue(true);
    const ceremony = openCeremony();
    webauthn.usePasskey.mockResolvedValueOnce(CREDENTIAL);
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await waitFor(() => expect(webauthn.usePasskey).toHaveBeenCalledTimes(1));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    // The library ends the open ceremony when another starts.
    await act(async () =>
      ceremony.cancel(new PasskeyCeremonyError(PASSKEY_CANCELLED, 'superseded')),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(webauthn.usePasskey).toHaveBeenLastCalledWith(OPTIONS, { autofill: false });
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
