import type { CheckInStatus, TeamBoard } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

const status = (overrides: Partial<CheckInStatus> = {}): CheckInStatus => ({
  goal: 'Write one page of my book every day.',
  timeZone: 'Europe/London',
  days: [
    { day: '2025-06-10', which: 'today', closesAt: '2025-06-10T23:00:00.000Z', checkIn: null },
  ],
  streaks: { current: 4, longest: 9, currentYes: 1 },
  pause: null,
  calendar: [],
  reactions: [],
  ...overrides,
});

describe('the daily check-in on the home', () => {
  it('asks the question with the goal, and answers with one tap and the note', async () => {
    let answered = false;
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () =>
        json(answered ? status({ streaks: { current: 5, longest: 9, currentYes: 2 } }) : status()),
      'PUT /api/me/check-ins': async (req) => {
        const body = (await req.json()) as { day: string; answer: string; note: string };
        answered = true;
        return json({
          ...body,
          createdAt: '2025-06-10T17:05:00.000Z',
          updatedAt: '2025-06-10T17:05:00.000Z',
        });
      },
    });
    await renderApp('/');
    const card = within(
      await screen.findByRole('region', { name: 'Did you do that thing today?' }),
    );
    expect(card.getByText(/Write one page of my book every day\./)).toBeVisible();
    expect(card.getByText('Not answered yet.')).toBeVisible();
    expect(card.getByText(/^Streak:/)).toHaveTextContent(
      'Streak: 4 check-in days in a row (longest 9 check-in days); Yes 1 time in a row.',
    );
    expect(card.getByText('How streaks count')).toBeVisible();
    const user = userEvent.setup();
    await user.type(card.getByLabelText('Note (optional)'), 'Two pages!');
    await user.click(card.getByRole('button', { name: 'Yes' }));
    expect(await card.findByText(/Your answer:/)).toHaveTextContent(
      'Your answer: Yes (“Two pages!”), saved at 6:05 PM.',
    );
    const sent = tracker.to('PUT /api/me/check-ins');
    expect(sent).toHaveLength(1);
    expect(await sent[0]?.json()).toEqual({ day: '2025-06-10', answer: 'yes', note: 'Two pages!' });
    expect(card.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    // The streak counts the answer at once (the home's figures are read again).
    await waitFor(() =>
      expect(card.getByText(/^Streak:/)).toHaveTextContent(
        'Streak: 5 check-in days in a row (longest 9 check-in days); Yes 2 times in a row.',
      ),
    );
    // The saved note stays in the box, and the box says what typing there does.
    const note = card.getByLabelText('Note (optional)');
    expect(note).toHaveValue('Two pages!');
    expect(note).toHaveAccessibleDescription(
      'The note your team sees is in the box: change it and answer again to replace it (at most 280 characters).',
    );
  });

  it('offers yesterday until noon, and says why when the tracker refuses', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () =>
        json(
          status({
            days: [
              {
                day: '2025-06-10',
                which: 'today',
                closesAt: '2025-06-10T23:00:00.000Z',
                checkIn: null,
              },
              {
                day: '2025-06-09',
                which: 'yesterday',
                closesAt: '2025-06-10T11:00:00.000Z',
                checkIn: null,
              },
            ],
          }),
        ),
      'PUT /api/me/check-ins': () =>
        refusal(
          409,
          'CHECK_IN_CLOSED',
          'You can check in for today, and for yesterday until noon.',
        ),
    });
    await renderApp('/');
    const yesterday = within(
      await screen.findByRole('form', {
        name: 'Did you do that thing yesterday? (Monday, June 9, open until noon)',
      }),
    );
    await userEvent.setup().click(yesterday.getByRole('button', { name: 'Not today' }));
    expect(await yesterday.findByRole('alert')).toHaveTextContent(
      'You can check in for today, and for yesterday until noon.',
    );
  });

  it('comes with the home in one request', async () => {
    const tracker = fakeTracker({
      'GET /api/me/home': () => json({ ...onTeam, checkIns: status() }),
    });
    await renderApp('/');
    const card = within(
      await screen.findByRole('region', { name: 'Did you do that thing today?' }),
    );
    expect(card.getByText('Not answered yet.')).toBeVisible();
    expect(tracker.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/me/home',
    ]);
  });

  it('is not there before the member is on a team', async () => {
    const tracker = fakeTracker({ 'GET /api/me': () => json(home()) });
    await renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Did you do that thing today?' })).toBeNull();
    expect(tracker.to('GET /api/me/check-ins')).toHaveLength(0);
  });
});

const noReactions = { cheers: [], cheeredByYou: false, replies: [] };

const board: TeamBoard = {
  team: { id: 2, name: 'Deep Work Crew' },
  today: '2025-06-10',
  timeZone: 'Europe/London',
  perWeek: 5,
  days: ['2025-06-09', '2025-06-10'],
  members: [
    {
      id: 7,
      name: 'Ada Lovelace',
      photo: null,
      goalSummary: 'Write one page of my book every day.',
      own: true,
      timeZone: 'Europe/London',
      pausedUntil: null,
      today: { day: '2025-06-10', checkIn: null, reactions: noReactions },
      weekYes: 1,
      // Ada joined on the 10th: the 9th is before her time on the team, not a missed day.
      days: [
        { day: '2025-06-09', answer: null, beforeJoining: true, paused: false },
        { day: '2025-06-10', answer: null, beforeJoining: false, paused: false },
      ],
      canNudge: false,
      nudgedToday: false,
    },
    {
      id: 8,
      name: 'Grace Hopper',
      photo: null,
      goalSummary: 'Run three times a week.',
      own: false,
      timeZone: 'America/New_York',
      pausedUntil: null,
      today: { day: '2025-06-10', checkIn: null, reactions: noReactions },
      weekYes: 3,
      days: [
        { day: '2025-06-09', answer: 'not-today', beforeJoining: false, paused: false },
        { day: '2025-06-10', answer: null, beforeJoining: false, paused: false },
      ],
      canNudge: true,
      nudgedToday: false,
    },
  ],
};

describe('the team board', () => {
  it('shows the week in words, the days as a table of text, and nudges once', async () => {
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () => json(board),
      'POST /api/teams/2/members/8/nudge': () => json({ to: 8, day: '2025-06-10' }, 201),
    });
    await renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'Team Deep Work Crew' });
    expect(screen.getByText('3 of 5 this week')).toBeVisible();
    const table = within(screen.getByRole('table'));
    const grace = within(table.getByRole('row', { name: /Grace Hopper/ }));
    expect(grace.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'No',
      '–No check-in',
    ]);
    const ada = within(table.getByRole('row', { name: /Ada Lovelace/ }));
    expect(ada.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      ' Not on the team yet',
      '–No check-in',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nudge Grace Hopper' }));
    expect(await screen.findByText('You nudged Grace Hopper today.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nudge Grace Hopper' })).toBeNull();
    expect(tracker.to('POST /api/teams/2/members/8/nudge')).toHaveLength(1);
  });

  it('tells a member whose request waits when the board opens', async () => {
    fakeTracker({ 'GET /api/me': () => json(home()) });
    await renderApp('/team');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your team board' })).toBeVisible();
    expect(
      screen.getByText(
        /^The board of Team Morning Writers opens once your join request is approved\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your home' })).toHaveAttribute('href', '/');
  });

  it('is not found for a member on no team with no request waiting', async () => {
    fakeTracker({
      'GET /api/me': () => json(home({ joinRequest: request({ status: 'declined' }) })),
    });
    await renderApp('/team');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

/** This browser's clock reads `timeZone` (Intl's resolved zone, which the app asks). */
function deviceIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone };
  });
}

describe('a device on another clock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('says so where the member checks in, and switches their zone in one tap', async () => {
    deviceIn('America/Chicago');
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status()),
      'PUT /api/me/time-zone': () => json({ timeZone: 'America/Chicago' }),
    });
    await renderApp('/');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'This device is set to the America/Chicago time zone, but your days follow Europe/London',
    );
    const user = userEvent.setup();
    await user.click(within(note).getByRole('button', { name: 'Use America/Chicago' }));
    const [sent] = tracker.to('PUT /api/me/time-zone');
    expect(await sent?.json()).toEqual({ timeZone: 'America/Chicago' });
  });

  it('keeps the member’s zone for this session when asked', async () => {
    deviceIn('America/Chicago');
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status()),
    });
    await renderApp('/');
    const note = await screen.findByRole('note');
    const user = userEvent.setup();
    await user.click(within(note).getByRole('button', { name: 'Keep Europe/London' }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(tracker.to('PUT /api/me/time-zone')).toHaveLength(0);
  });
});
