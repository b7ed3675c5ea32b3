import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal, signInRequired } from '../../test/fakeFetch.ts';
import { home } from '../../test/members.ts';
import { currentHref, renderApp } from '../../test/renderApp.tsx';

const signedIn = () => json({ member: { id: 7, name: 'Ada Lovelace', role: 'member' } });

async function signIn(email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in screen', () => {
  it('has its title, one h1, landmarks, labelled fields and the reset link', async () => {
    fakeTracker({});
    await renderApp('/sign-in');
    expect(document.title).toBe('Sign in | Accountability Partners Tracker');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    // Nobody is signed in here: no Sign out.
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('signs in and opens the home page', async () => {
    const tracker = fakeTracker({
      'POST /api/session': signedIn,
      'GET /api/me': () => json(home()),
    });
    const { router } = await renderApp('/sign-in');
    await signIn('  ada@example.com ', 'correct horse');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
    ).toBeVisible();
    expect(currentHref(router)).toBe('/');
    const [sent] = tracker.to('POST /api/session');
    expect(sent?.credentials).toBe('same-origin');
    // With this browser's zone, which a member without one follows from now on.
    expect(await sent?.json()).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('goes on to the ?next= path after signing in', async () => {
    fakeTracker({ 'POST /api/session': signedIn, 'GET /api/me': () => json(home()) });
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'profile'])(
    'ignores a ?next= that could leave this origin (%s) and opens the home page',
    async (next) => {
      fakeTracker({ 'POST /api/session': signedIn, 'GET /api/me': () => json(home()) });
      const { router } = await renderApp(`/sign-in?next=${encodeURIComponent(next)}`);
      await signIn();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }),
      ).toBeVisible();
      expect(currentHref(router)).toBe('/');
    },
  );

  it('lists missing answers in a focused summary linked to each field', async () => {
    const tracker = fakeTracker({});
    await renderApp('/sign-in');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('There is a problem');
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Please enter a password',
    );
    await user.click(screen.getByRole('link', { name: 'Please enter your email address' }));
    expect(email).toHaveFocus();
    expect(tracker.requests).toHaveLength(0);
  });

  it('shows the tracker’s message for a wrong email or password and stays', async () => {
    fakeTracker({
      'POST /api/session': () =>
        refusal(401, 'INVALID_CREDENTIALS', 'The email or password is not right.'),
    });
    const { router } = await renderApp('/sign-in');
    await signIn();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The email or password is not right.');
    expect(summary).toHaveFocus();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows the tracker’s message when there were too many attempts', async () => {
    fakeTracker({
      'POST /api/session': () =>
        refusal(429, 'RATE_LIMITED', 'Too many sign-in attempts. Try again in 15 minutes.'),
    });
    await renderApp('/sign-in');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('never shows what a failing server says about itself', async () => {
    fakeTracker({
      'POST /api/session': () =>
        refusal(500, 'INTERNAL_ERROR', 'TypeError: x is undefined\n    at signIn (session.ts:12)'),
    });
    await renderApp('/sign-in');
    await signIn();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Something went wrong on our side.');
    expect(document.body).not.toHaveTextContent('TypeError');
  });

  it('says when the tracker cannot be reached', async () => {
    fakeTracker({
      'POST /api/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderApp('/sign-in');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the tracker. Check your connection and try again.',
    );
    expect(document.body).not.toHaveTextContent('Failed to fetch');
  });

  it('shows the notice it was sent with', async () => {
    fakeTracker({});
    await renderApp('/sign-in?notice=account-deleted');
    expect(screen.getByRole('status')).toHaveTextContent('Your account was deleted.');
  });

  it('is where the home page sends a visitor who is not signed in, to come back', async () => {
    fakeTracker({ 'GET /api/me': signInRequired });
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ next: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
