import type { Passkey } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nina, olive } from '../../../test/console.ts';
import { fakeTracker, json, noContent, refusal } from '../../../test/fakeFetch.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import {
  attestation,
  browserRefusal,
  fakeWebAuthn,
  removeWebAuthn,
} from '../../../test/webauthn.ts';

const laptop: Passkey = {
  id: 7,
  name: 'Work laptop',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
};
const NEW_KEY = attestation('desk-key');
const options = {
  challenge: 'YWRk',
  rp: { id: 'localhost', name: 'Accountability Partners' },
  user: { id: 'dXNlcg', name: 'olive@example.com', displayName: 'Olive Operator' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [{ id: 'a2V5LW9uZQ', type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};

/** A fake tracker with the operator's own passkeys, which its routes change as the tracker would. */
function trackerWith(initial: Passkey[]) {
  let passkeys = [...initial];
  const tracker = fakeTracker({
    'GET /api/console/operators': () => json({ operators: [olive, nina] }),
    'GET /api/console/passkeys': () => json({ passkeys }),
    'POST /api/console/passkeys/options': async (request) => {
      const { password } = (await request.json()) as { password: string };
      return password === 'operators own password'
        ? json({ options })
        : refusal(401, 'INVALID_CREDENTIALS', 'The password is not right.');
    },
    'POST /api/console/passkeys': async (request) => {
      const body = (await request.json()) as { name?: string };
      const made: Passkey = {
        id: 8,
        name: body.name ?? 'Passkey 2',
        createdAt: '2026-12-02T11:00:00.000Z',
        lastUsedAt: null,
      };
      passkeys = [...passkeys, made];
      return json(made, 201);
    },
    'PUT /api/console/passkeys/7': async (request) => {
      const { name } = (await request.json()) as { name: string };
      passkeys = passkeys.map((key) => (key.id === 7 ? { ...key, name } : key));
      return json({ ...laptop, name });
    },
    'DELETE /api/console/passkeys/7': () => {
      passkeys = passkeys.filter((key) => key.id !== 7);
      return noContent();
    },
  });
  return tracker;
}

// A browser with WebAuthn (beneath the ceremony's library), its create() answered per test.
let browser: ReturnType<typeof fakeWebAuthn>;
beforeEach(() => {
  browser = fakeWebAuthn();
});
afterEach(removeWebAuthn);

describe("the operator's own passkeys", () => {
  it('lists them on their own card only: name, added, last used', async () => {
    trackerWith([laptop, { ...laptop, id: 9, name: 'Phone', lastUsedAt: null }]);
    await renderApp('/console/operators');
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    const list = within(own).getByRole('list', { name: 'Your passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Work laptop');
    expect(first).toHaveTextContent('Added November 2, 2026. Last used November 20, 2026.');
    expect(second).toHaveTextContent('Phone');
    expect(second).toHaveTextContent('Not used yet.');
    expect(within(own).getByRole('button', { name: 'Rename… Work laptop' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    const other = screen.getByRole('article', { name: 'Nina New' });
    expect(within(other).queryByRole('heading', { name: 'Your passkeys' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Add a passkey…' })).toBeNull();
  });

  it('says so when the browser cannot make passkeys', async () => {
    removeWebAuthn();
    trackerWith([]);
    await renderApp('/console/operators');
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    expect(within(own).getByText('You have no passkeys yet.')).toBeVisible();
    expect(within(own).getByText('This browser cannot make passkeys.')).toBeVisible();
    expect(within(own).queryByRole('button', { name: 'Add a passkey…' })).toBeNull();
  });

  it('adds one with the password again, then the device; a wrong password and a cancelled device are said in the dialog', async () => {
    const tracker = trackerWith([laptop]);
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    const opener = within(own).getByRole('button', { name: 'Add a passkey…' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Name of the passkey');
    expect(name).toHaveFocus();
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    const add = within(dialog).getByRole('button', { name: 'Add passkey' });

    // No password: nothing is asked.
    await user.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a password');
    expect(tracker.to('POST /api/console/passkeys/options')).toHaveLength(0);

    // A wrong one: the tracker refuses it at the field, and the device is never asked.
    await user.type(password, 'a wrong one');
    await user.click(add);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The password is not right/));
    // The summary takes focus in an effect after the render that shows it.
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveFocus());
    expect(browser.create).not.toHaveBeenCalled();

    // The device makes no key (its prompt closed): said above the form, nothing registered.
    browser.create.mockImplementationOnce(browserRefusal('NotAllowedError'));
    await user.clear(password);
    await user.type(password, 'operators own password');
    await user.type(name, 'Desk key');
    await user.click(add);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'No passkey was made. Try again, and follow what your device asks.',
      ),
    );
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveFocus());
    expect(tracker.to('POST /api/console/passkeys')).toHaveLength(0);
    // The browser was asked for a discoverable key for the tracker's challenge.
    expect(browser.create.mock.calls[0]?.[0].publicKey).toMatchObject({
      rp: options.rp,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

    // Again, and the device makes it: the tracker keeps it under its name.
    browser.create.mockResolvedValueOnce(NEW_KEY.credential);
    await user.click(add);
    expect(await screen.findByText('The passkey “Desk key” is added')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const added = await within(own).findByText('Desk key', { selector: 'p' });
    await waitFor(() => expect(added).toHaveFocus());
    const [registered] = tracker.to('POST /api/console/passkeys');
    expect(await registered?.json()).toEqual({ credential: NEW_KEY.json, name: 'Desk key' });
    const asked = tracker.to('POST /api/console/passkeys/options');
    expect(asked).toHaveLength(3);
    expect(await asked[2]?.json()).toEqual({ password: 'operators own password' });
  });

  it('renames one in a dialog; focus then rests on its new name', async () => {
    const tracker = trackerWith([laptop]);
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    await user.click(within(own).getByRole('button', { name: 'Rename… Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the passkey' });
    const field = within(dialog).getByLabelText('Name of the passkey');
    expect(field).toHaveValue('Work laptop');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give the passkey a name of at most 60 characters.',
    );
    expect(tracker.to('PUT /api/console/passkeys/7')).toHaveLength(0);

    await user.type(field, 'Old laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('The passkey is now called “Old laptop”')).toBeVisible();
    const renamed = await within(own).findByText('Old laptop', { selector: 'p' });
    await waitFor(() => expect(renamed).toHaveFocus());
    const [sent] = tracker.to('PUT /api/console/passkeys/7');
    expect(await sent?.json()).toEqual({ name: 'Old laptop' });
  });

  it('removes one after a question; focus then rests on the list’s heading', async () => {
    const tracker = trackerWith([laptop]);
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    const remove = within(own).getByRole('button', { name: 'Remove… Work laptop' });

    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' });
    expect(dialog).toHaveTextContent('We email you that it was removed.');
    await user.click(within(dialog).getByRole('button', { name: 'No, keep' }));
    await waitFor(() => expect(remove).toHaveFocus());
    expect(tracker.to('DELETE /api/console/passkeys/7')).toHaveLength(0);

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('The passkey “Work laptop” is removed')).toBeVisible();
    await waitFor(() => expect(within(own).getByText('You have no passkeys yet.')).toBeVisible());
    await waitFor(() =>
      expect(within(own).getByRole('heading', { name: 'Your passkeys' })).toHaveFocus(),
    );
    expect(tracker.to('DELETE /api/console/passkeys/7')).toHaveLength(1);
  });

  it('says why a removal was refused, and keeps the key listed', async () => {
    fakeTracker({
      'GET /api/console/operators': () => json({ operators: [olive] }),
      'GET /api/console/passkeys': () => json({ passkeys: [laptop] }),
      'DELETE /api/console/passkeys/7': () => refusal(404, 'NOT_FOUND', 'Passkey not found.'),
    });
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    await user.click(within(own).getByRole('button', { name: 'Remove… Work laptop' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('The passkey “Work laptop” was not removed')).toBeVisible();
    expect(screen.getByText('Passkey not found.')).toBeVisible();
    expect(within(own).getByText('Work laptop', { selector: 'p' })).toBeVisible();
  });
});
