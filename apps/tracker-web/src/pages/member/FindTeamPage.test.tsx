import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json } from '../../../test/fakeFetch.ts';
import { home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const HELD = {
  team: {
    id: 2,
    name: 'Lead With Intent',
    members: [
      {
        id: '7',
        name: 'Grace Mitchell',
        photo: null,
        aboutMe: 'Runs a design studio.',
        goalSummary: 'One hard conversation a week',
      },
    ],
  },
  hold: {
    id: '8b0e7f9e-6c1f-4b5e-9a39-2f0c1d3e4a5b',
    teamId: 2,
    expiresAt: '2026-11-02T17:10:00.000Z',
    secondsLeft: 600,
  },
};
const OPEN = { standing: 'open', teamName: null, held: null };

describe('the Find a team page', () => {
  it('shows the area and role choice, then the team with its held seat, and sends the request', async () => {
    const sent: unknown[] = [];
    const searched: unknown[] = [];
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/team-search': () => json(OPEN),
      'POST /api/me/team-search': async (request) => {
        searched.push(await request.json());
        return json(HELD, 201);
      },
      'POST /api/me/join-requests': async (request) => {
        sent.push(await request.json());
        return json(
          {
            id: 9,
            status: 'pending',
            sentAt: '2026-11-02T17:00:00.000Z',
            answerBy: '2026-11-07T17:00:00.000Z',
            decidedAt: null,
            team: { id: 2, name: 'Lead With Intent' },
            declineReason: null,
          },
          201,
        );
      },
    });
    await renderApp('/find-a-team');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Find a team' });
    await user.click(screen.getByRole('radio', { name: /^Work/ }));
    expect(
      screen.getByRole('group', { name: 'Which best describes your role at work?' }),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Management' }));
    await user.click(screen.getByRole('button', { name: 'Find my team' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'You\'re in luck! Team "Lead With Intent" has one slot left.',
    });
    expect(heading).toHaveFocus();
    expect(searched).toEqual([{ category: 'work', role: 'Management' }]);
    expect(
      screen.getByText("We're holding this slot on this team for 10:00 more minutes."),
    ).toBeVisible();
    expect(
      screen.getByRole('list', { name: 'Members of Team Lead With Intent' }),
    ).toHaveTextContent('Grace Mitchell');
    await user.click(
      screen.getByRole('button', { name: 'Send my join request to Team Lead With Intent' }),
    );
    expect(
      await screen.findByText('Join request sent to Team Lead With Intent', { selector: 'div' }),
    ).toBeVisible();
    expect(sent).toEqual([{ holdId: HELD.hold.id }]);
  });

  it('tells a member on a team so, and offers no team', async () => {
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/team-search': () =>
        json({ standing: 'on-team', teamName: 'Deep Work Crew', held: null }),
    });
    await renderApp('/find-a-team');
    expect(
      await screen.findByText(
        'You are a member of Team Deep Work Crew. Leave that team first to look for another.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Find my team' })).toBeNull();
  });

  it('takes over the seat handed over from the site', async () => {
    const taken: unknown[] = [];
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/team-search': () => json(OPEN),
      'POST /api/me/team-search/hand-over': async (request) => {
        taken.push(await request.json());
        return json(HELD);
      },
    });
    const key = 'abcdefghijklmnopqrstuvwxyzABCDEF';
    await renderApp(`/find-a-team?seat=${HELD.hold.id}&key=${key}`);
    await screen.findByRole('heading', {
      level: 1,
      name: 'You\'re in luck! Team "Lead With Intent" has one slot left.',
    });
    expect(taken).toEqual([{ holdId: HELD.hold.id, token: key }]);
  });
});
