import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent, refusal, signInRequired } from '../../../test/fakeFetch.ts';
import { account, home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

type Routes = Parameters<typeof fakeTracker>[0];

async function openProfile(routes: Routes = {}) {
  const tracker = fakeTracker({ 'GET /api/me': () => json(home()), ...routes });
  const app = await renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Your profile' });
  return { ...app, tracker, user: userEvent.setup() };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('the profile page', () => {
  it('has its title, one h1, and the forms filled in from the account', async () => {
    await openProfile();
    expect(document.title).toBe('Profile | Accountability Partners Tracker');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const details = section('Your details');
    expect(details.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(details.getByLabelText('Your goal')).toHaveValue(account.goalSummary);
    expect(details.getByLabelText('About me')).toHaveValue(account.aboutMe);
  });

  it('saves the profile and says so', async () => {
    const saved = { ...account, name: 'Ada King' };
    const { tracker, user } = await openProfile({
      'PUT /api/me/profile': () => json(saved),
    });
    const name = section('Your details').getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved.', { selector: 'div' })).toBeVisible();
    const [sent] = tracker.to('PUT /api/me/profile');
    expect(await sent?.json()).toEqual({
      name: 'Ada King',
      goalSummary: account.goalSummary,
      aboutMe: account.aboutMe,
    });
  });

  it("leaves no toast of the member's behind on the sign-in page after Sign out", async () => {
    const { user } = await openProfile({
      'PUT /api/me/profile': () => json(account),
      'DELETE /api/session': () => noContent(),
    });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.', { selector: 'div' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /sign in/i })).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText('Profile saved.', { selector: 'div' })).toBeNull(),
    );
  });

  it('lists what is missing in a focused summary, each message under its field', async () => {
    const { tracker, user } = await openProfile();
    const details = section('Your details');
    await user.clear(details.getByLabelText('Name'));
    await user.clear(details.getByLabelText('Your goal'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const summary = await details.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Please enter your name' })).toHaveAttribute(
      'href',
      '#profile-name',
    );
    expect(within(summary).getByRole('link', { name: 'Please enter your goal' })).toBeVisible();
    expect(details.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name');
    expect(details.getByLabelText('Your goal')).toHaveAccessibleDescription(
      'One sentence: what you want to get done. Please enter your goal',
    );
    expect(tracker.to('PUT /api/me/profile')).toHaveLength(0);
  });

  it("puts the tracker's validation details under the fields they name", async () => {
    const { user } = await openProfile({
      'PUT /api/me/profile': () =>
        refusal(400, 'VALIDATION_ERROR', 'aboutMe: Text must not contain NUL characters.', [
          { path: 'aboutMe', message: 'Text must not contain NUL characters.' },
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const details = section('Your details');
    const summary = await details.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', {
        name: 'About me: Text must not contain NUL characters.',
      }),
    ).toBeVisible();
    expect(details.getByLabelText('About me')).toHaveAttribute('aria-invalid', 'true');
    expect(details.getByLabelText('About me')).toHaveAccessibleDescription(
      /Text must not contain NUL characters\.$/,
    );
  });

  it('goes to sign-in, to come back, when the session ended before saving', async () => {
    const { router, user } = await openProfile({ 'PUT /api/me/profile': signInRequired });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toEqual({ next: '/profile' });
  });

  it('changes the password and says the other sessions ended', async () => {
    const { tracker, user } = await openProfile({ 'POST /api/me/password': () => noContent() });
    const form = section('Change your password');
    await user.type(form.getByLabelText('Current password'), 'old secret');
    await user.type(form.getByLabelText('New password'), 'new secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Password changed. You were signed out everywhere else.', {
        selector: 'div',
      }),
    ).toBeVisible();
    expect(await tracker.to('POST /api/me/password')[0]?.json()).toEqual({
      currentPassword: 'old secret',
      newPassword: 'new secret',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  it('puts a wrong current password under its field', async () => {
    const { user } = await openProfile({
      'POST /api/me/password': () =>
        refusal(401, 'INVALID_CREDENTIALS', 'The current password is not right.'),
    });
    const form = section('Change your password');
    await user.type(form.getByLabelText('Current password'), 'wrong');
    await user.type(form.getByLabelText('New password'), 'new secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('alert')).toHaveFocus();
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(
      'The current password is not right.',
    );
  });

  it('signs out everywhere and says so on the sign-in screen', async () => {
    const { router, tracker, user } = await openProfile({
      'DELETE /api/sessions': () => noContent(),
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(tracker.to('DELETE /api/sessions')).toHaveLength(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You were signed out on every device.',
    );
  });
});

describe('deleting the account', () => {
  it('explains what goes and asks for the password first', async () => {
    const { tracker, user } = await openProfile();
    const danger = section('Delete account');
    expect(
      danger.getByText(/removes your account, your place on your team and your photo/),
    ).toBeVisible();
    await user.click(danger.getByRole('button', { name: 'Delete account' }));
    expect(await danger.findByRole('alert')).toHaveFocus();
    expect(danger.getByLabelText('Your password')).toHaveAccessibleDescription(
      /Please enter a password[^.]*\.?$/,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tracker.to('POST /api/me/deletion')).toHaveLength(0);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { tracker, user } = await openProfile();
    const danger = section('Delete account');
    await user.type(danger.getByLabelText('Your password'), 'my secret');
    await user.click(danger.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'No, keep my account' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tracker.to('POST /api/me/deletion')).toHaveLength(0);
  });

  it('deletes the account once confirmed and says so on the sign-in screen', async () => {
    const { router, tracker, user } = await openProfile({
      'POST /api/me/deletion': () => noContent(),
    });
    const danger = section('Delete account');
    await user.type(danger.getByLabelText('Your password'), 'my secret');
    await user.click(danger.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await tracker.to('POST /api/me/deletion')[0]?.json()).toEqual({
      password: 'my secret',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Your account was deleted.');
  });

  it('keeps the account and says why when the password is wrong', async () => {
    const { router, user } = await openProfile({
      'POST /api/me/deletion': () =>
        refusal(401, 'INVALID_CREDENTIALS', 'The password is not right.'),
    });
    const danger = section('Delete account');
    await user.type(danger.getByLabelText('Your password'), 'wrong');
    await user.click(danger.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await danger.findByRole('alert')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(danger.getByLabelText('Your password')).toHaveAccessibleDescription(
      /The password is not right\.$/,
    );
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('uploads a photo, and refuses one over 5 MB before sending it', async () => {
    const { tracker, user } = await openProfile({
      'POST /api/me/photo': () => json({ photo: 'u/new.png', message: 'Profile updated' }),
    });
    const photo = section('Your photo');
    await user.click(photo.getByRole('button', { name: 'Upload photo' }));
    expect(await photo.findByText('Choose a photo to upload.', { selector: 'p' })).toBeVisible();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(photo.getByLabelText('Photo'), big);
    await user.click(photo.getByRole('button', { name: 'Upload photo' }));
    expect(
      await photo.findByText('Photo must be less than 5MB. Please choose a smaller file.', {
        selector: 'p',
      }),
    ).toBeVisible();
    expect(tracker.to('POST /api/me/photo')).toHaveLength(0);

    const small = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(photo.getByLabelText('Photo'), small);
    await user.click(photo.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Photo saved.', { selector: 'div' })).toBeVisible();
    expect(tracker.to('POST /api/me/photo')).toHaveLength(1);
  });

  it("shows the server's refusal of a file that is not an image", async () => {
    const { user } = await openProfile({
      'POST /api/me/photo': () =>
        refusal(415, 'PHOTO_NOT_IMAGE', 'Please choose an image file (JPEG, PNG, GIF or WebP).'),
    });
    const photo = section('Your photo');
    const text = new File(['hello'], 'notes.png', { type: 'image/png' });
    await user.upload(photo.getByLabelText('Photo'), text);
    await user.click(photo.getByRole('button', { name: 'Upload photo' }));
    expect(
      await photo.findAllByText('Please choose an image file (JPEG, PNG, GIF or WebP).'),
    ).not.toHaveLength(0);
  });
});
