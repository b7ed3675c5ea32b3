import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../test/fakeFetch.ts';
import { home } from '../../test/members.ts';
import { currentHref, renderApp } from '../../test/renderApp.tsx';

const member = { id: 7, name: 'Ada Lovelace', role: 'member' };
const mustChange = () =>
  refusal(
    403,
    'PASSWORD_CHANGE_REQUIRED',
    'Choose a new password first: the one you signed in with is too easy to guess.',
  );

describe('a sign-in with a password the tracker refuses', () => {
  it('goes to Choose a new password, and on to where the member was going once it is set', async () => {
    let changed = false;
    const tracker = fakeTracker({
      'POST /api/session': () => json({ member, passwordChange: 'required' }),
      'GET /api/session': () =>
        json({ member, ...(changed ? {} : { passwordChange: 'required' }) }),
      'POST /api/me/password': () => {
        changed = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/me': () => (changed ? json(home()) : mustChange()),
    });
    const { router } = await renderApp('/sign-in?next=%2Fprofile');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-password');
    expect(router.state.location.search).toEqual({ next: '/profile' });
    expect(document.title).toBe('Choose a new password | Accountability Partners Tracker');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');

    await user.type(screen.getByLabelText('Current password'), 'a');
    await user.type(screen.getByLabelText('New password'), 'a slow boat to the far north sea');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(currentHref(router)).toBe('/profile');
    const [sent] = tracker.to('POST /api/me/password');
    expect(await sent?.json()).toEqual({
      currentPassword: 'a',
      newPassword: 'a slow boat to the far north sea',
    });
  });

  it('is where a member page sends a session that has not set its new password yet', async () => {
    fakeTracker({ 'GET /api/me': mustChange });
    const { router } = await renderApp('/team');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-password'));
    expect(router.state.location.search).toEqual({ next: '/team' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
  });
});
