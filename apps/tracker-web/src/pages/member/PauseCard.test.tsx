import type { CheckInStatus, Pause, TeamBoard } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

const status = (pause: Pause | null): CheckInStatus => ({
  goal: null,
  timeZone: 'Europe/London',
  days: [
    { day: '2025-06-09', which: 'today', closesAt: '2025-06-09T23:00:00.000Z', checkIn: null },
  ],
  streaks: { current: 0, longest: 0, currentYes: 0 },
  pause,
  calendar: [],
  reactions: [],
});

describe('a pause on the home', () => {
  it('is chosen in weeks, then shows until when with a way back', async () => {
    let pause: Pause | null = null;
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status(pause)),
      'PUT /api/me/pause': async (req) => {
        const { weeks } = (await req.json()) as { weeks: number };
        pause = { from: '2025-06-09', until: weeks === 2 ? '2025-06-22' : '2025-06-15' };
        return json({ pause });
      },
      'DELETE /api/me/pause': () => {
        pause = null;
        return json({ pause: null });
      },
    });
    await renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Taking a break?' }));
    const choices = within(card.getByRole('group', { name: 'How long?' }));
    expect(choices.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '1 week',
      '2 weeks',
      '3 weeks',
      '4 weeks',
    ]);
    const user = userEvent.setup();
    await user.click(choices.getByRole('radio', { name: '2 weeks' }));
    await user.click(card.getByRole('button', { name: 'Pause check-ins' }));
    const paused = within(await screen.findByRole('region', { name: 'You are paused' }));
    // The button pressed is gone with the change: focus is on the card's new heading.
    await vi.waitFor(() =>
      expect(paused.getByRole('heading', { name: 'You are paused' })).toHaveFocus(),
    );
    expect(await tracker.to('PUT /api/me/pause')[0]?.json()).toEqual({ weeks: 2 });
    expect(paused.getByText(/^Paused until/)).toHaveTextContent(
      'Paused until Sunday, June 22. You are back on Monday, June 23: reminders start again then. Your seat on the team is kept, and the paused days never count as missed.',
    );
    await user.click(paused.getByRole('button', { name: 'Come back now' }));
    expect(await screen.findByRole('region', { name: 'Taking a break?' })).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Taking a break?' })).toHaveFocus(),
    );
    expect(tracker.to('DELETE /api/me/pause')).toHaveLength(1);
  });

  it('keeps the choice when the tracker refuses, and says why', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status(null)),
      'PUT /api/me/pause': () =>
        refusal(
          409,
          'PAUSED_ALREADY',
          'You are paused until Sunday, June 15 already. Come back first to start a new pause.',
        ),
    });
    await renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Taking a break?' }));
    await userEvent.setup().click(card.getByRole('button', { name: 'Pause check-ins' }));
    expect(
      await screen.findByText(
        'You are paused until Sunday, June 15 already. Come back first to start a new pause.',
      ),
    ).toBeInTheDocument();
    expect(card.getByRole('radio', { name: '1 week' })).toBeChecked();
  });
});

describe('a paused teammate on the board', () => {
  it('says until when, and their paused days read as paused, not as missed', async () => {
    const board: TeamBoard = {
      team: { id: 2, name: 'Deep Work Crew' },
      today: '2025-06-10',
      timeZone: 'Europe/London',
      perWeek: 5,
      days: ['2025-06-09', '2025-06-10'],
      members: [
        {
          id: 8,
          name: 'Grace Hopper',
          photo: null,
          goalSummary: '',
          own: false,
          timeZone: 'Europe/London',
          pausedUntil: '2025-06-22',
          today: {
            day: '2025-06-10',
            checkIn: null,
            reactions: { cheers: [], cheeredByYou: false, replies: [] },
          },
          weekYes: 0,
          days: [
            { day: '2025-06-09', answer: null, beforeJoining: false, paused: true },
            { day: '2025-06-10', answer: null, beforeJoining: false, paused: true },
          ],
          canNudge: false,
          nudgedToday: false,
        },
      ],
    };
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () => json(board),
    });
    await renderApp('/team');
    expect(await screen.findByText('Paused until Sunday, June 22')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nudge Grace Hopper' })).toBeNull();
    const row = within(screen.getByRole('row', { name: /Grace Hopper/ }));
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'PPaused',
      'PPaused',
    ]);
  });
});
