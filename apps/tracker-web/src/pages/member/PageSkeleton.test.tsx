import type { TeamBoard } from '@app/contracts';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json } from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { createAppRouter } from '../../router.tsx';

/** An answer the test gives when it chooses: the page waits for it meanwhile. */
function held() {
  let release!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release };
}

/** The app at `path`, without waiting for its data (renderApp waits for every loader). */
function openApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<RouterProvider router={router} />);
}

async function findSkeleton() {
  const status = await screen.findByRole('status');
  expect(status).toHaveTextContent('Loading your page…');
  expect(status).toBeVisible();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loading');
  expect(document.title).toBe('Loading | Accountability Partners Tracker');
  // The cards' placeholders are there to see, and hidden from screen readers.
  const cards = document.querySelector('[data-skeleton]');
  expect(cards?.children).toHaveLength(2);
  expect(cards).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByRole('banner')).toBeVisible();
}

const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

const board: TeamBoard = {
  team: { id: 2, name: 'Deep Work Crew' },
  today: '2025-06-10',
  timeZone: 'Europe/London',
  perWeek: 5,
  days: ['2025-06-10'],
  members: [],
};

describe("a member's page while its data is on the way", () => {
  it('shows the header and the page in outline, with a Loading status, until the home comes', async () => {
    const me = held();
    fakeTracker({ 'GET /api/me': me.answer });
    openApp('/');
    await findSkeleton();
    expect(screen.queryByRole('heading', { name: /^Hello/ })).toBeNull();
    me.release(json(home()));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' });
    expect(screen.queryByText('Loading your page…')).toBeNull();
    expect(document.querySelector('[data-skeleton]')).toBeNull();
  });

  it("shows it on the team board until the board's own data comes", async () => {
    const teamBoard = held();
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/teams/2/board': teamBoard.answer,
    });
    openApp('/team');
    await findSkeleton();
    teamBoard.release(json(board));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Team Deep Work Crew' });
    expect(within(heading).queryByText('Loading')).toBeNull();
    expect(document.querySelector('[data-skeleton]')).toBeNull();
  });
});
