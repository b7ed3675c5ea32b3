import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const REMINDERS = {
  enabled: true,
  time: '18:00',
  weekdays: [1, 2, 3, 4, 5],
  timeZone: 'America/Denver',
};

const MAILS = { reminders: true, recaps: true, digest: false, nudges: true };

describe('the emails on the reminders page', () => {
  it('lists each kind with its switch; a press turns it on or off at once, with a toast, and focus stays on it', async () => {
    let mails = { ...MAILS };
    const tracker = fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/reminders': () => json({ ...REMINDERS, enabled: mails.reminders }),
      'GET /api/me/mails': () => json(mails),
      'PUT /api/me/mails': async (request) => {
        const { kind, enabled } = (await request.json()) as {
          kind: keyof typeof MAILS;
          enabled: boolean;
        };
        mails = { ...mails, [kind]: enabled };
        return json(mails);
      },
    });
    await renderApp('/reminders');
    const card = within(await screen.findByRole('region', { name: 'Emails' }));
    const boxes = ['Reminders to check in', 'Weekly recap', 'Daily digest', 'Nudges'].map((name) =>
      card.getByRole('checkbox', { name }),
    );
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(card.getByRole('checkbox', { name: 'Weekly recap' })).toHaveAccessibleDescription(
      "Your team's week, on Sundays at 18:00 on your clock.",
    );
    const user = userEvent.setup();
    await user.click(card.getByRole('checkbox', { name: 'Weekly recap' }));
    expect(await screen.findByText('Weekly recap: off.', { selector: 'div' })).toBeVisible();
    expect(await tracker.to('PUT /api/me/mails')[0]?.json()).toEqual({
      kind: 'recaps',
      enabled: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Weekly recap' })).toHaveFocus(),
    );
    expect(screen.getByRole('checkbox', { name: 'Weekly recap' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Weekly recap' }));
    expect(await screen.findByText('Weekly recap: on.', { selector: 'div' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Weekly recap' })).toBeChecked(),
    );
    // Reminders off: the form says how to get them back.
    await user.click(screen.getByRole('checkbox', { name: 'Reminders to check in' }));
    expect(
      await screen.findByText('Reminders are off: turn them on above to get them.'),
    ).toBeVisible();
  });

  it('shows a refusal and leaves the box as the tracker holds it', async () => {
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/reminders': () => json(REMINDERS),
      'GET /api/me/mails': () => json(MAILS),
      'PUT /api/me/mails': () => refusal(429, 'RATE_LIMITED', 'Too many requests. Try again soon.'),
    });
    await renderApp('/reminders');
    const card = within(await screen.findByRole('region', { name: 'Emails' }));
    const user = userEvent.setup();
    await user.click(card.getByRole('checkbox', { name: 'Nudges' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Too many requests. Try again soon.');
    expect(card.getByRole('checkbox', { name: 'Nudges' })).toBeChecked();
  });
});
