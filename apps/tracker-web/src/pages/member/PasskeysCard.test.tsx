import type { Passkey } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTracker, json, noContent, refusal } from '../../../test/fakeFetch.ts';
import { home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import {
  attestation,
  browserRefusal,
  fakeWebAuthn,
  removeWebAuthn,
} from '../../../test/webauthn.ts';

type Routes = Parameters<typeof fakeTracker>[0];

const PHONE = {
  id: 3,
  name: 'Phone',
  createdAt: '2026-11-02T09:00:00.000Z',
  lastUsedAt: '2026-11-20T07:30:00.000Z',
};
const LAPTOP = {
  id: 4,
  name: 'Passkey 2',
  createdAt: '2026-11-25T09:00:00.000Z',
  lastUsedAt: null,
};
const OPTIONS = {
  challenge: 'YWRk',
  rp: { id: 'localhost', name: 'Accountability Partners' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [{ id: 'a2V5LW9uZQ', type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};
const NEW_KEY = attestation();
const withOptions = { 'POST /api/me/passkeys/options': () => json({ options: OPTIONS }) };

async function openCard(routes: Routes = {}, passkeys: Passkey[] = [PHONE], webauthn = true) {
  const browser = webauthn ? fakeWebAuthn() : null;
  const tracker = fakeTracker({
    'GET /api/me': () => json(home()),
    'GET /api/me/passkeys': () => json({ passkeys }),
    ...routes,
  });
  await renderApp('/profile');
  // The card's code loads when the profile opens: the first time, under load, a while.
  await waitFor(() => expect(screen.queryByText('Loading your passkeys…')).toBeNull(), {
    timeout: 10_000,
  });
  const card = within(screen.getByRole('region', { name: 'Passkeys' }));
  return { tracker, card, browser, user: userEvent.setup() };
}

afterEach(removeWebAuthn);

describe("the profile's passkeys", () => {
  it('lists each passkey with when it was added and last used, and says the password stays', async () => {
    const { card } = await openCard({}, [PHONE, LAPTOP]);
    const items = within(card.getByRole('list', { name: 'Your passkeys' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Phone',
    );
    expect(items[0]).toHaveTextContent('Added November 2, 2026. Last used November 20, 2026.');
    expect(items[1]).toHaveTextContent('Added November 25, 2026. Not used to sign in yet.');
    expect(card.getByText(/Your password keeps working as it does now/)).toBeVisible();
    expect(card.getByRole('button', { name: 'Rename “Phone”' })).toBeVisible();
    expect(card.getByRole('button', { name: 'Remove “Passkey 2”' })).toBeVisible();
  });

  it('says when there is none yet', async () => {
    const { card } = await openCard({}, []);
    expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  });

  it('adds a passkey with its name, lists it and puts focus on it', async () => {
    const made = {
      id: 9,
      name: 'Work laptop',
      createdAt: '2026-12-02T10:00:00.000Z',
      lastUsedAt: null,
    };
    const { tracker, card, browser, user } = await openCard({
      ...withOptions,
      'POST /api/me/passkeys': () => json(made, 201),
    });
    browser?.create.mockResolvedValueOnce(NEW_KEY.credential);
    await user.type(card.getByLabelText('Name for the passkey (optional)'), 'Work laptop');
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));

    const heading = await card.findByRole('heading', { level: 3, name: 'Work laptop' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Passkey “Work laptop” added.')).toBeVisible();
    // The browser is asked for a discoverable key for the tracker's challenge, not on a key the
    // account has already.
    const asked = browser?.create.mock.calls[0]?.[0].publicKey;
    expect(asked?.authenticatorSelection).toEqual(OPTIONS.authenticatorSelection);
    expect(asked?.excludeCredentials).toHaveLength(1);
    const [sent] = tracker.to('POST /api/me/passkeys');
    expect(await sent?.json()).toEqual({ credential: NEW_KEY.json, name: 'Work laptop' });
    expect(card.getByLabelText('Name for the passkey (optional)')).toHaveValue('');
  });

  it('leaves the name to the tracker when none is given', async () => {
    const { tracker, card, browser, user } = await openCard({
      ...withOptions,
      'POST /api/me/passkeys': () => json({ ...LAPTOP, id: 10 }, 201),
    });
    browser?.create.mockResolvedValueOnce(NEW_KEY.credential);
    await user.type(card.getByLabelText('Name for the passkey (optional)'), '   ');
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    await card.findByRole('heading', { level: 3, name: 'Passkey 2' });
    const [sent] = tracker.to('POST /api/me/passkeys');
    expect(await sent?.json()).toEqual({ credential: NEW_KEY.json });
  });

  it.each([
    [
      'the prompt is closed',
      'NotAllowedError',
      'No passkey was added. Try again when you are ready.',
    ],
    [
      'the device holds one of the account already',
      'InvalidStateError',
      'This device has a passkey for your account already.',
    ],
  ])('says so in a focused summary when %s, and adds nothing', async (_, refused, message) => {
    const { tracker, card, browser, user } = await openCard(withOptions);
    browser?.create.mockImplementationOnce(browserRefusal(refused));
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    const summary = await card.findByRole('alert');
    expect(summary).toHaveTextContent(message);
    expect(summary).toHaveFocus();
    expect(tracker.to('POST /api/me/passkeys')).toHaveLength(0);
  });

  it('shows the tracker’s reason for a passkey it would not add', async () => {
    const { card, browser, user } = await openCard({
      ...withOptions,
      'POST /api/me/passkeys': () =>
        refusal(
          400,
          'PASSKEY_NOT_ADDED',
          'That took too long or was already used. Start adding the passkey again.',
        ),
    });
    browser?.create.mockResolvedValueOnce(NEW_KEY.credential);
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    const summary = await card.findByRole('alert');
    expect(summary).toHaveTextContent(
      'That took too long or was already used. Start adding the passkey again.',
    );
    expect(
      within(card.getByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('refuses a name that is too long before asking the browser', async () => {
    const { tracker, card, browser, user } = await openCard();
    await user.type(card.getByLabelText('Name for the passkey (optional)'), 'x'.repeat(61));
    await user.click(card.getByRole('button', { name: 'Add a passkey' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Must be at most 60 characters');
    expect(browser?.create).not.toHaveBeenCalled();
    expect(tracker.to('POST /api/me/passkeys/options')).toHaveLength(0);
  });

  it('renames a passkey and puts focus on its new name', async () => {
    const { tracker, card, user } = await openCard({
      'PUT /api/me/passkeys/3': () => json({ ...PHONE, name: 'Old phone' }),
    });
    await user.click(card.getByRole('button', { name: 'Rename “Phone”' }));
    const field = card.getByLabelText('New name');
    await waitFor(() => expect(field).toHaveFocus());
    await user.clear(field);
    await user.type(field, 'Old phone');
    await user.click(card.getByRole('button', { name: 'Save name' }));

    const heading = await card.findByRole('heading', { level: 3, name: 'Old phone' });
    await waitFor(() => expect(heading).toHaveFocus());
    const [sent] = tracker.to('PUT /api/me/passkeys/3');
    expect(await sent?.json()).toEqual({ name: 'Old phone' });
    expect(card.queryByLabelText('New name')).toBeNull();
  });

  it('refuses a blank name, and Cancel goes back to the Rename button', async () => {
    const { tracker, card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Rename “Phone”' }));
    await user.clear(card.getByLabelText('New name'));
    await user.click(card.getByRole('button', { name: 'Save name' }));
    expect(card.getByLabelText('New name')).toHaveAccessibleDescription(
      'Give the passkey a name of at most 60 characters.',
    );
    await user.click(card.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(card.getByRole('button', { name: 'Rename “Phone”' })).toHaveFocus());
    expect(tracker.to('PUT /api/me/passkeys/3')).toHaveLength(0);
  });

  it('removes a passkey once confirmed and puts focus on the card', async () => {
    const { tracker, card, user } = await openCard(
      { 'DELETE /api/me/passkeys/3': () => noContent() },
      [PHONE, LAPTOP],
    );
    await user.click(card.getByRole('button', { name: 'Remove “Phone”' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent(
      '“Phone” will no longer sign you in. Your password and your other passkeys keep working.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));

    await waitFor(() => expect(card.queryByRole('heading', { name: 'Phone' })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Passkeys' })).toHaveFocus(),
    );
    expect(await screen.findByText('Passkey “Phone” removed.')).toBeVisible();
    expect(tracker.to('DELETE /api/me/passkeys/3')).toHaveLength(1);
    expect(card.getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends nothing when the removal is not confirmed', async () => {
    const { tracker, card, user } = await openCard();
    await user.click(card.getByRole('button', { name: 'Remove “Phone”' }));
    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(tracker.to('DELETE /api/me/passkeys/3')).toHaveLength(0);
    expect(card.getByRole('heading', { level: 3, name: 'Phone' })).toBeVisible();
  });

  it('keeps the passkey and says why when the tracker will not remove it', async () => {
    const { card, user } = await openCard({
      'DELETE /api/me/passkeys/3': () => refusal(404, 'NOT_FOUND', 'Passkey not found.'),
    });
    await user.click(card.getByRole('button', { name: 'Remove “Phone”' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('The passkey “Phone” could not be removed')).toBeVisible();
    expect(card.getByRole('heading', { level: 3, name: 'Phone' })).toBeVisible();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let failing = true;
    const { card, user } = await openCard({
      'GET /api/me/passkeys': () =>
        failing ? refusal(500, 'INTERNAL_ERROR', 'boom') : json({ passkeys: [PHONE] }),
    });
    expect(card.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    failing = false;
    await user.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByRole('heading', { level: 3, name: 'Phone' })).toBeVisible();
  });

  it('offers no Add where the browser cannot make passkeys, and still lists them', async () => {
    const { card } = await openCard({}, [PHONE], false);
    expect(card.getByText(/This browser cannot make passkeys/)).toBeVisible();
    expect(card.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(card.getByRole('heading', { level: 3, name: 'Phone' })).toBeVisible();
  });
});
