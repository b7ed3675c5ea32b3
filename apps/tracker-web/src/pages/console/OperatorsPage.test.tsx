import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ivan, nina, olive } from '../../../test/console.ts';
import { fakeTracker, json, noContent, refusal } from '../../../test/fakeFetch.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const codes = Array.from({ length: 10 }, (_, i) => `wxyz-abcd-efgh-ij${i}0`);

describe('the Operators page', () => {
  it('makes new recovery codes with the password: a dialog, then the codes once, then back', async () => {
    const tracker = fakeTracker({
      'GET /api/console/operators': () => json({ operators: [olive, nina] }),
      'GET /api/console/passkeys': () => json({ passkeys: [] }),
      'POST /api/console/second-factor/recovery-codes': async (request) => {
        const { password } = (await request.json()) as { password: string };
        return password === 'operators own password'
          ? json({ recoveryCodes: codes })
          : refusal(401, 'INVALID_CREDENTIALS', 'The password is not right.', [
              { path: 'password', message: 'The password is not right.' },
            ]);
      },
    });
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const own = await screen.findByRole('article', { name: /^Olive Operator/ });
    // Only one's own card offers new codes.
    expect(
      within(screen.getByRole('article', { name: 'Nina New' })).queryByRole('button', {
        name: /recovery codes/,
      }),
    ).toBeNull();
    const opener = within(own).getByRole('button', { name: 'Make new recovery codes…' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Make new recovery codes?' });
    const field = within(dialog).getByLabelText('Your password');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please enter a password');
    expect(tracker.to('POST /api/console/second-factor/recovery-codes')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'a wrong one');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
        /The password is not right/,
      ),
    );
    expect(within(dialog).getByRole('alert')).toHaveFocus();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'operators own password');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Your recovery codes' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'New recovery codes are made. Your old ones no longer work.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Recovery codes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    for (const name of ['Copy the codes', 'Download as a text file', 'Print']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
    expect(screen.queryByRole('button', { name: 'Back to the operators' })).toBeNull();
    await user.click(screen.getByLabelText('I have saved my recovery codes somewhere safe'));
    await user.click(screen.getByRole('button', { name: 'Back to the operators' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Operators' })).toHaveFocus(),
    );
    expect(screen.queryByText(codes[0] ?? '')).toBeNull();
    const sent = tracker.to('POST /api/console/second-factor/recovery-codes');
    expect(sent).toHaveLength(2);
    expect(await sent[1]?.json()).toEqual({ password: 'operators own password' });
  });

  it("resets another operator's authenticator app after a confirmation; focus stays on their card", async () => {
    let current = nina;
    const tracker = fakeTracker({
      'GET /api/console/operators': () => json({ operators: [olive, current, ivan] }),
      'GET /api/console/passkeys': () => json({ passkeys: [] }),
      'DELETE /api/console/operators/2/second-factor': () => {
        current = { ...nina, authenticator: false };
        return noContent();
      },
    });
    await renderApp('/console/operators');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Nina New' });
    // Not one's own, and not an app that is not set up.
    for (const name of [/^Olive Operator/, 'Ivan Invited']) {
      expect(
        within(screen.getByRole('article', { name })).queryByRole('button', { name: /^Reset/ }),
      ).toBeNull();
    }
    const opener = within(card).getByRole('button', {
      name: 'Reset authenticator app… of Nina New',
    });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: "Reset Nina New's authenticator app?" });
    expect(dialog).toHaveTextContent('We email them that you did it.');
    await user.click(within(dialog).getByRole('button', { name: 'No, keep' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(tracker.to('DELETE /api/console/operators/2/second-factor')).toHaveLength(0);

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(await screen.findByText("Nina New's authenticator app is reset")).toBeVisible();
    await waitFor(() => expect(within(card).getByText('Not set up yet')).toBeVisible());
    expect(within(card).queryByRole('button', { name: /^Reset/ })).toBeNull();
    await waitFor(() =>
      expect(within(card).getByRole('heading', { name: 'Nina New' })).toHaveFocus(),
    );
    expect(tracker.to('DELETE /api/console/operators/2/second-factor')).toHaveLength(1);
  });
});
