import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { home } from '../../test/members.ts';
import { currentHref, renderApp } from '../../test/renderApp.tsx';
import {
  assertion,
  browserRefusal,
  fakeWebAuthn,
  openPrompt,
  removeWebAuthn,
} from '../../test/webauthn.ts';

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', userVerification: 'required' };
const KEY = assertion();
const member = () => json({ member: { id: 7, name: 'Ada Lovelace', role: 'member' } });
const withPasskey = (signIn = member) => ({
  'POST /api/session/passkey/options': () => json({ options: OPTIONS }),
  'POST /api/session/passkey': signIn,
  'GET /api/me': () => json(home()),
});
const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

afterEach(removeWebAuthn);

describe('signing in with a passkey', () => {
  it('offers passkeys in the address field and has the button', async () => {
    fakeTracker({});
    await renderApp('/sign-in');
    expect(screen.getByLabelText('Email address')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    expect(passkeyButton()).toBeVisible();
  });

  it('signs a member in with the button, no address typed, and opens the home page', async () => {
    const browser = fakeWebAuthn();
    browser.get.mockResolvedValueOnce(KEY.credential);
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(passkeyButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    expect(currentHref(router)).toBe('/');
    // A modal prompt, for the tracker's challenge, naming no key: the browser offers its own.
    expect(browser.get).toHaveBeenCalledTimes(1);
    const asked = browser.get.mock.calls[0]?.[0];
    expect(asked?.mediation).toBeUndefined();
    expect(asked?.publicKey?.userVerification).toBe('required');
    const [sent] = tracker.to('POST /api/session/passkey');
    expect(await sent?.json()).toEqual({ credential: KEY.json });
    expect(tracker.to('POST /api/session')).toHaveLength(0);
  });

  it('goes on to the ?next= path, as the password does', async () => {
    fakeWebAuthn().get.mockResolvedValueOnce(KEY.credential);
    fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    await userEvent.setup().click(passkeyButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('takes an operator, whose passkey passes the second factor too, to the console', async () => {
    fakeWebAuthn().get.mockResolvedValueOnce(KEY.credential);
    fakeTracker(
      withPasskey(() =>
        json({ member: { id: 1, name: 'Olive Op', role: 'operator' }, secondFactor: 'passed' }),
      ),
    );
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(passkeyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/console'));
  });

  it('says plainly when no passkey was used, and stays', async () => {
    fakeWebAuthn().get.mockImplementationOnce(browserRefusal('NotAllowedError'));
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await userEvent.setup().click(passkeyButton());

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      'No passkey was used. Try again, or sign in with your email and password.',
    );
    expect(summary).toHaveFocus();
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('says when the browser cannot use passkeys', async () => {
    const tracker = fakeTracker(withPasskey());
    await renderApp('/sign-in');
    await userEvent.setup().click(passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use passkeys.');
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
  });

  it('shows the tracker’s reason for a passkey it refuses', async () => {
    fakeWebAuthn().get.mockResolvedValueOnce(KEY.credential);
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
    await userEvent.setup().click(passkeyButton());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(
      'That passkey was not accepted. Try again, or sign in with your password.',
    );
    expect(summary).toHaveFocus();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('never starts the address field’s ceremony where the browser has no such autofill', async () => {
    const browser = fakeWebAuthn({ autofill: false });
    const tracker = fakeTracker(withPasskey());
    await renderApp('/sign-in');
    // Long enough for the WebAuthn library to load and be asked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(browser.get).not.toHaveBeenCalled();
    expect(tracker.to('POST /api/session/passkey/options')).toHaveLength(0);
  });

  it('waits in the address field where the browser offers passkeys there, and signs in with the one picked', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    const prompt = openPrompt();
    browser.get.mockImplementationOnce(prompt.answer);
    const tracker = fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(1));
    expect(browser.get.mock.calls[0]?.[0].mediation).toBe('conditional');
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);

    await act(async () => prompt.pick(KEY.credential));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
    const [sent] = tracker.to('POST /api/session/passkey');
    expect(await sent?.json()).toEqual({ credential: KEY.json });
  });

  it('ends the address field’s ceremony when the password is used', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    const prompt = openPrompt();
    browser.get.mockImplementationOnce(prompt.answer);
    const tracker = fakeTracker({ ...withPasskey(), 'POST /api/session': member });
    await renderApp('/sign-in');
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(1));
    const signal = browser.get.mock.calls[0]?.[0].signal;

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signal?.aborted).toBe(true));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    // The ended ceremony says nothing and sends nothing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
  });

  it('ends the address field’s ceremony when the page is left', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    browser.get.mockImplementationOnce(openPrompt().answer);
    fakeTracker(withPasskey());
    const { router } = await renderApp('/sign-in');
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(1));
    const signal = browser.get.mock.calls[0]?.[0].signal;
    await act(() => router.navigate({ to: '/reset-password' }));
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });

  it('opens no ceremony in the address field when the password is used before its challenge came', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    browser.get.mockImplementation(openPrompt().answer);
    let answerOptions = (_: Response) => {};
    const optionsLate = new Promise<Response>((resolve) => {
      answerOptions = resolve;
    });
    let answerSignIn = (_: Response) => {};
    const signInLate = new Promise<Response>((resolve) => {
      answerSignIn = resolve;
    });
    const tracker = fakeTracker({
      ...withPasskey(),
      'POST /api/session/passkey/options': () => optionsLate,
      'POST /api/session': () => signInLate,
    });
    await renderApp('/sign-in');
    await waitFor(() => expect(tracker.to('POST /api/session/passkey/options')).toHaveLength(1));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(tracker.to('POST /api/session')).toHaveLength(1));
    // The challenge comes while the password's sign-in is on its way, the field still there.
    await act(async () => answerOptions(json({ options: OPTIONS })));
    // Long enough for the library to load and a ceremony to be opened.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const open = browser.get.mock.calls.filter(([options]) => options.signal?.aborted !== true);
    expect(open).toHaveLength(0);
    await act(async () => answerSignIn(member()));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
  });

  it('ends a ceremony in the address field that the browser opens after the password was used', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    browser.get.mockImplementation(openPrompt().answer);
    // The browser is slow to say, the second time (the library's own check), that it offers
    // passkeys in the field: the password is used meanwhile, and the ceremony opens after.
    let sayOffered = (_: boolean) => {};
    const offered = vi
      .fn<() => Promise<boolean>>()
      .mockResolvedValueOnce(true)
      .mockReturnValueOnce(
        new Promise<boolean>((resolve) => {
          sayOffered = resolve;
        }),
      )
      .mockResolvedValue(true);
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(() => undefined, { isConditionalMediationAvailable: offered }),
    );
    const tracker = fakeTracker({
      ...withPasskey(),
      'POST /api/session': () => new Promise<Response>(() => {}),
    });
    await renderApp('/sign-in');
    await waitFor(() => expect(offered).toHaveBeenCalledTimes(2));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(tracker.to('POST /api/session')).toHaveLength(1));
    await act(async () => sayOffered(true));
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(1));
    const signal = browser.get.mock.calls[0]?.[0].signal;
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });

  it('gives the button’s prompt the place of the address field’s, and waits there again after', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    browser.get
      .mockImplementationOnce(openPrompt().answer)
      .mockImplementationOnce(browserRefusal('NotAllowedError'))
      .mockImplementationOnce(openPrompt().answer);
    const tracker = fakeTracker(withPasskey());
    await renderApp('/sign-in');
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(1));
    const autofill = browser.get.mock.calls[0]?.[0].signal;

    await userEvent.setup().click(passkeyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was used.');
    expect(autofill?.aborted).toBe(true);
    expect(browser.get.mock.calls[1]?.[0].mediation).toBeUndefined();
    // Closed without a key: the address field offers passkeys again, for a new challenge.
    await waitFor(() => expect(browser.get).toHaveBeenCalledTimes(3));
    expect(browser.get.mock.calls[2]?.[0].mediation).toBe('conditional');
    expect(tracker.to('POST /api/session/passkey/options')).toHaveLength(3);
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(0);
  });

  it('says so when the key picked in the address field is refused, and does not ask again by itself', async () => {
    const browser = fakeWebAuthn({ autofill: true });
    browser.get.mockResolvedValue(KEY.credential);
    const tracker = fakeTracker(
      withPasskey(() =>
        refusal(
          401,
          'INVALID_PASSKEY',
          'That passkey was not accepted. Try again, or sign in with your password.',
        ),
      ),
    );
    await renderApp('/sign-in');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That passkey was not accepted. Try again, or sign in with your password.',
    );
    // A browser that picks by itself would otherwise be asked for ever.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(browser.get).toHaveBeenCalledTimes(1);
    expect(tracker.to('POST /api/session/passkey')).toHaveLength(1);
  });
});
