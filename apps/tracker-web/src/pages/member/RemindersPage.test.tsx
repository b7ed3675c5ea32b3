import { screen, within } from '@testing-library/react';
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

describe('the daily digest on the reminders page', () => {
  it('is off at first, says when it comes, and is turned on with Save digest', async () => {
    let enabled = false;
    const tracker = fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/reminders': () => json(REMINDERS),
      'GET /api/me/digest': () => json({ enabled }),
      'PUT /api/me/digest': async (request) => {
        enabled = ((await request.json()) as { enabled: boolean }).enabled;
        return json({ enabled });
      },
    });
    await renderApp('/reminders');
    const card = within(await screen.findByRole('region', { name: 'Cheers and replies' }));
    expect(
      card.getByText(/one digest a day at 20:00 on your clock \(America\/Denver\)/),
    ).toBeVisible();
    const box = card.getByLabelText('Email me a daily digest');
    expect(box).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(box);
    await user.click(card.getByRole('button', { name: 'Save digest' }));
    expect(await screen.findByText('The daily digest is on.', { selector: 'div' })).toBeVisible();
    expect(await tracker.to('PUT /api/me/digest')[0]?.json()).toEqual({ enabled: true });
    // Read again after saving: the box shows what the tracker holds.
    expect(
      within(await screen.findByRole('region', { name: 'Cheers and replies' })).getByLabelText(
        'Email me a daily digest',
      ),
    ).toBeChecked();
  });

  it('shows a refusal and keeps the box as the member left it', async () => {
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/reminders': () => json(REMINDERS),
      'GET /api/me/digest': () => json({ enabled: false }),
      'PUT /api/me/digest': () =>
        refusal(429, 'RATE_LIMITED', 'Too many requests. Try again soon.'),
    });
    await renderApp('/reminders');
    const card = within(await screen.findByRole('region', { name: 'Cheers and replies' }));
    const user = userEvent.setup();
    await user.click(card.getByLabelText('Email me a daily digest'));
    await user.click(card.getByRole('button', { name: 'Save digest' }));
    expect(await card.findByText('Too many requests. Try again soon.')).toBeVisible();
    expect(card.getByLabelText('Email me a daily digest')).toBeChecked();
  });
});
