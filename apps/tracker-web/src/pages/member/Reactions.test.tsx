import type { CheckInStatus, Reactions, TeamBoard } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json, refusal } from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { cheersInWords, namesInWords } from './words.ts';

const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

const none: Reactions = { cheers: [], cheeredByYou: false, replies: [] };
const ada = { id: 7, name: 'Ada Lovelace' };
const alan = { id: 9, name: 'Alan Turing' };

const checkIn = (answer: 'yes' | 'not-today', note: string | null) => ({
  day: '2025-06-10',
  answer,
  note,
  createdAt: '2025-06-10T17:05:00.000Z',
  updatedAt: '2025-06-10T17:05:00.000Z',
});

function boardWith(grace: { answer: 'yes' | 'not-today'; note: string | null }, reactions = none) {
  const member = (id: number, name: string, own: boolean) => ({
    id,
    name,
    photo: null,
    goalSummary: '',
    own,
    timeZone: 'Europe/London',
    pausedUntil: null,
    weekYes: 1,
    days: [{ day: '2025-06-10', answer: null, beforeJoining: false, paused: false }],
    canNudge: false,
    nudgedToday: false,
  });
  const board: TeamBoard = {
    team: { id: 2, name: 'Deep Work Crew' },
    today: '2025-06-10',
    timeZone: 'Europe/London',
    perWeek: 5,
    days: ['2025-06-10'],
    members: [
      {
        ...member(7, 'Ada Lovelace', true),
        today: { day: '2025-06-10', checkIn: null, reactions: none },
      },
      {
        ...member(8, 'Grace Hopper', false),
        today: { day: '2025-06-10', checkIn: checkIn(grace.answer, grace.note), reactions },
      },
    ],
  };
  return board;
}

const CHEER = 'PUT /api/teams/2/members/8/check-ins/2025-06-10/cheer';
const UNCHEER = 'DELETE /api/teams/2/members/8/check-ins/2025-06-10/cheer';
const REPLY = 'POST /api/teams/2/members/8/check-ins/2025-06-10/replies';

describe('cheers on the team board', () => {
  it("toggle a teammate's Yes with one tap, pressed state and count announced", async () => {
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () =>
        json(boardWith({ answer: 'yes', note: null }, { ...none, cheers: [alan] })),
      [CHEER]: () => json({ cheers: [alan, ada], cheeredByYou: true }),
      [UNCHEER]: () => json({ cheers: [alan], cheeredByYou: false }),
    });
    await renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'Team Deep Work Crew' });
    const cheer = screen.getByRole('button', { name: 'Cheer Grace Hopper’s Yes' });
    expect(cheer).toHaveAttribute('aria-pressed', 'false');
    const counts = screen.getAllByRole('status');
    expect(counts.map((c) => c.textContent)).toContain('1 cheer, from Alan Turing');
    const user = userEvent.setup();
    await user.click(cheer);
    const pressed = await screen.findByRole('button', {
      name: 'Cheered Grace Hopper’s Yes',
      pressed: true,
    });
    expect(screen.getByText('2 cheers, from Alan Turing and Ada Lovelace')).toHaveAttribute(
      'role',
      'status',
    );
    await user.click(pressed);
    expect(
      await screen.findByRole('button', { name: 'Cheer Grace Hopper’s Yes', pressed: false }),
    ).toBeVisible();
    expect(screen.getByText('1 cheer, from Alan Turing')).toBeVisible();
    expect(tracker.to(CHEER)).toHaveLength(1);
    expect(tracker.to(UNCHEER)).toHaveLength(1);
    // One's own check-in is not cheered by oneself; Ada has no check-in today, so no cheers row.
    expect(screen.queryByRole('button', { name: /Ada Lovelace’s Yes/ })).toBeNull();
  });

  it('are not offered for Not today', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () => json(boardWith({ answer: 'not-today', note: null })),
    });
    await renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'Team Deep Work Crew' });
    expect(screen.queryByRole('button', { name: /^Cheer/ })).toBeNull();
    expect(screen.getByText('No cheers yet')).toBeVisible();
  });
});

describe('replies on the team board', () => {
  it("list what the team said under a note and add one, with the tracker's rule checked first", async () => {
    const tracker = fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () =>
        json(
          boardWith(
            { answer: 'not-today', note: 'Sick today' },
            {
              ...none,
              replies: [
                { id: 1, author: alan, text: 'Get well!', createdAt: '2025-06-10T17:10:00.000Z' },
              ],
            },
          ),
        ),
      [REPLY]: async (req) => {
        const { text } = (await req.json()) as { text: string };
        return json({ id: 2, author: ada, text, createdAt: '2025-06-10T17:20:00.000Z' }, 201);
      },
    });
    await renderApp('/team');
    await screen.findByRole('heading', { level: 1, name: 'Team Deep Work Crew' });
    const list = screen.getByRole('list', { name: 'Replies to Grace Hopper’s note' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Alan Turing: Get well!');
    const box = screen.getByLabelText('Reply to Grace Hopper’s note');
    expect(box).toHaveAccessibleDescription(
      'At most 280 characters; your team reads it on the board.',
    );
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send reply' });
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a reply first');
    await user.click(box);
    await user.paste('x'.repeat(281));
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A reply can be at most 280 characters',
    );
    expect(tracker.to(REPLY)).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'Rest up');
    await user.click(send);
    expect(await within(list).findByText('Rest up')).toBeVisible();
    expect(box).toHaveValue('');
    expect(await tracker.to(REPLY)[0]?.json()).toEqual({ text: 'Rest up' });
  });

  it("shows the tracker's refusal beside the box", async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': () => json(boardWith({ answer: 'yes', note: 'Done' })),
      [REPLY]: () => refusal(404, 'TEAM_NOT_FOUND', 'No such team.'),
    });
    await renderApp('/team');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reply to Grace Hopper’s note'), 'Yay');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such team.');
  });
});

describe('cheers and replies on the home', () => {
  const status = (reactions: CheckInStatus['reactions']): CheckInStatus => ({
    goal: null,
    timeZone: 'Europe/London',
    days: [
      { day: '2025-06-10', which: 'today', closesAt: '2025-06-10T23:00:00.000Z', checkIn: null },
    ],
    streaks: { current: 0, longest: 0, currentYes: 0 },
    pause: null,
    calendar: [],
    reactions,
  });

  it('say who cheered and replied to the member’s check-ins', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () =>
        json(
          status([
            {
              day: '2025-06-09',
              answer: 'yes',
              note: 'Two pages',
              cheers: [alan, { id: 8, name: 'Grace Hopper' }],
              replies: [
                { id: 3, author: alan, text: 'Great work', createdAt: '2025-06-09T19:00:00.000Z' },
              ],
            },
          ]),
        ),
    });
    await renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'From your team' }));
    expect(section.getByText(/^Monday, June 9: Yes/)).toHaveTextContent(
      'Monday, June 9: Yes (“Two pages”)',
    );
    expect(section.getByText('2 cheers, from Alan Turing and Grace Hopper.')).toBeVisible();
    expect(
      within(section.getByRole('list', { name: 'Replies on Monday, June 9' })).getByRole(
        'listitem',
      ),
    ).toHaveTextContent('Alan Turing: Great work');
  });

  it('say so when there are none yet', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status([])),
    });
    await renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'From your team' }));
    expect(section.getByText(/^No cheers or replies in the last 14 days yet\./)).toBeVisible();
  });
});

describe('names in words', () => {
  it('join one, two and three names as a sentence does', () => {
    expect(namesInWords([{ name: 'Ann' }])).toBe('Ann');
    expect(namesInWords([{ name: 'Ann' }, { name: 'Ben' }])).toBe('Ann and Ben');
    expect(namesInWords([{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cai' }])).toBe(
      'Ann, Ben and Cai',
    );
    expect(cheersInWords([])).toBe('No cheers yet');
  });
});
