import { HOLD_OWNER_HEADER, Team } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema.ts';
import { newUser, useTestTracker } from './helpers.ts';

/**
 * Seats are a database fact: holding, joining and approving lock the team row, so no interleaving
 * of concurrent requests gives a team more people than it has seats. On PostgreSQL the requests
 * below really run in parallel (one pooled connection each); PGlite runs them one at a time.
 */
const t = useTestTracker();

const openSeats = async (teamId: number) =>
  Team.parse((await t.call({ url: `/teams/${teamId}` })).json()).openSeats ?? 0;

async function activeMembers(teamId: number) {
  const [row] = await t.app.database.db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.status, 'Active')));
  return row?.n ?? 0;
}

describe('capacity under concurrency', () => {
  it('grants exactly N of N+5 simultaneous holds on a team with N open seats', async () => {
    const teamId = 1;
    const seats = await openSeats(teamId);
    expect(seats).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: seats + 5 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/holds',
          headers: { [HOLD_OWNER_HEADER]: `racer-${String(i).padStart(3, '0')}-0000000000000` },
          payload: { teamId },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(seats);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(
      Array(5).fill('TEAM_FULL'),
    );
    expect(await openSeats(teamId)).toBe(0);
  });

  it('lets simultaneous sign-ups without holds take no more than the open seats', async () => {
    const teamId = 2;
    const seats = await openSeats(teamId);
    const answers = await Promise.all(
      Array.from({ length: seats + 3 }, () =>
        t.call({ method: 'POST', url: '/users', payload: newUser({ teamId }) }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.json().joinRequestSuccess === true)).toHaveLength(seats);
    expect(answers.filter((a) => a.json().joinRequestWarning !== undefined)).toHaveLength(3);
    expect(await openSeats(teamId)).toBe(0);
  });

  it('never approves past capacity: 10 simultaneous approvals for the last seat', async () => {
    const teamId = 3;
    const { repos } = t.app;
    // Ten applicants wait on a team that had room for them; then it shrinks to one free place
    // (as an operator may do, or as older data can be).
    await repos.teams.setCapacity(teamId, 100);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await t.call({ method: 'POST', url: '/users', payload: newUser({ teamId }) });
      expect(res.json().joinRequestSuccess).toBe(true);
      ids.push(res.json().user.id);
    }
    const active = await activeMembers(teamId);
    await repos.teams.setCapacity(teamId, active + 1);
    const list = (await t.call({ url: '/join-requests?status=pending' })).json().joinRequests as {
      id: number;
      user: { id: number };
    }[];
    const requests = list.filter((r) => ids.includes(r.user.id));
    expect(requests).toHaveLength(10);

    const answers = await Promise.all(
      requests.map((r) => t.call({ method: 'POST', url: `/join-requests/${r.id}/approve` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(await activeMembers(teamId)).toBe(active + 1);
  });
});
