import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent, refusal } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/renderApp.tsx';

const SENT = 'If this address has an account, a link to set a new password is on its way.';

describe('asking for a password reset link', () => {
  it('sends the email address and shows the answer', async () => {
    const tracker = fakeTracker({
      'POST /api/password-resets': () => json({ message: SENT }, 202),
    });
    await renderApp('/reset-password');
    expect(document.title).toBe('Reset your password | Accountability Partners Tracker');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(SENT)).toBeVisible();
    expect(await tracker.to('POST /api/password-resets')[0]?.json()).toEqual({
      email: 'ada@example.com',
    });
  });

  it('asks for a valid address before sending anything', async () => {
    const tracker = fakeTracker({});
    await renderApp('/reset-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveFocus();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(tracker.requests).toHaveLength(0);
  });
});

describe('a link that no longer works', () => {
  it('says it was used already, before any form, and offers a new link', async () => {
    const tracker = fakeTracker({
      'POST /api/password-resets/check': () => json({ state: 'used' }),
    });
    await renderApp('/reset-password?token=old-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link was used already' }),
    ).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    // The token travels in the body, never in a URL a log could keep.
    const [asked] = tracker.to('POST /api/password-resets/check');
    expect(await asked?.json()).toEqual({ token: 'old-token' });
  });

  it('says an expired link has expired', async () => {
    fakeTracker({ 'POST /api/password-resets/check': () => json({ state: 'expired' }) });
    await renderApp('/reset-password?token=late-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible();
  });
});

describe('setting a new password from the link', () => {
  it('sets it and sends the member to sign in with it', async () => {
    const tracker = fakeTracker({ 'POST /api/password-resets/completion': () => noContent() });
    const { router } = await renderApp('/reset-password?token=abc123');
    expect(document.title).toBe('Set a new password | Accountability Partners Tracker');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a new secret');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await tracker.to('POST /api/password-resets/completion')[0]?.json()).toEqual({
      token: 'abc123',
      password: 'a new secret',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password set. Sign in with your new password.',
    );
  });

  it("shows the tracker's message for a used link and offers a new one", async () => {
    fakeTracker({
      'POST /api/password-resets/completion': () =>
        refusal(409, 'TOKEN_USED', 'This link has already been used. Ask for a new one.'),
    });
    await renderApp('/reset-password?token=abc123');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a new secret');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been used. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
