import { randomInt } from 'node:crypto';
import { HOLD_OWNER_HEADER, Team } from '@app/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, joinRequests, memberships, teams } from '../src/db/schema.ts';
import { buildFrontDoor } from '../src/front-door/app.ts';
import { operator } from './door.ts';
import { newUser, useTestTracker } from './helpers.ts';

/**
 * Seats are a database fact: holding, joining and approving lock the team row, so no interleaving
 * of concurrent requests gives a team more people than it has seats. Only PostgreSQL runs
 * transactions side by side (PGlite runs them one at a time, so it cannot lose this race); CI
 * sets TEST_DATABASE_URL.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.warn(
    'capacity.test.ts skipped: needs PostgreSQL (set TEST_DATABASE_URL, as CI does); ' +
      'PGlite runs one transaction at a time, so it cannot race.',
  );
}

/** Waiting on the gate's connection, directly or behind another waiter (a locked team row). */
const WAITING_BEHIND = `
  WITH RECURSIVE waiting(pid) AS (
    SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))
    UNION
    SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid))
  )
  SELECT count(*)::int AS n FROM waiting`;

const GATED_TABLES = ['holds', 'memberships', 'teams'];

describe.skipIf(!onPostgres)('capacity under concurrency, on PostgreSQL', () => {
  // One pooled connection and one sign-up slot per racer, so every racer is in the database at once.
  const t = useTestTracker({ env: { PG_POOL_MAX: '40', SIGNUP_CONCURRENCY: '40' } });

  const openSeats = async (teamId: number) =>
    Team.parse((await t.call({ url: `/teams/${teamId}` })).json()).openSeats ?? 0;

  async function activeMembers(teamId: number) {
    const [row] = await t.app.database.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.teamId, teamId), eq(memberships.status, 'Active')));
    return row?.n ?? 0;
  }

  /**
   * Ten applicants wait on a team that had room for them; then it shrinks to one free place (as
   * an operator may do, or as older data can be). Their pending join requests, and the team's
   * Active members before.
   */
  async function tenWaitingForTheLastSeat(teamId: number) {
    await t.app.repos.teams.setCapacity(teamId, 100);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await t.call({ method: 'POST', url: '/users', payload: newUser({ teamId }) });
      expect(res.json().joinRequestSuccess).toBe(true);
      ids.push(res.json().user.id);
    }
    const active = await activeMembers(teamId);
    await t.app.repos.teams.setCapacity(teamId, active + 1);
    const list = (await t.call({ url: '/join-requests?status=pending' })).json().joinRequests as {
      id: number;
      user: { id: number };
    }[];
    const requests = list.filter((r) => ids.includes(r.user.id));
    expect(requests).toHaveLength(10);
    return { active, requests };
  }

  /**
   * Runs the racers at once with each held at its first seat write (a trigger on holds and
   * memberships waits for an advisory lock the test holds) until all of them wait: without the
   * team row lock every racer has counted the seats before any of them writes, the interleaving
   * a missing lock loses. With it, the first racer holds the team while it waits and the others
   * queue behind it.
   */
  async function race<T>(racers: (() => Promise<T>)[]): Promise<T[]> {
    const url = t.db.databaseUrl;
    if (!url) throw new Error('the race needs PostgreSQL');
    const gate = new pg.Client({ connectionString: url });
    await gate.connect();
    const key = randomInt(1, 2 ** 31 - 1);
    let answers: Promise<T[]> | undefined;
    try {
      await gate.query(
        `CREATE FUNCTION race_gate() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${key}); RETURN NEW; END $$`,
      );
      for (const table of GATED_TABLES) {
        await gate.query(
          `CREATE TRIGGER race_gate BEFORE INSERT OR UPDATE ON ${table}
           FOR EACH ROW EXECUTE FUNCTION race_gate()`,
        );
      }
      await gate.query('SELECT pg_advisory_lock($1)', [key]);
      const [{ pid }] = (await gate.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
        .rows as [{ pid: number }];
      answers = Promise.all(racers.map((racer) => racer()));
      await vi.waitFor(
        async () => {
          const [{ n }] = (await gate.query<{ n: number }>(WAITING_BEHIND, [pid])).rows as [
            { n: number },
          ];
          expect(n, 'racers waiting at their first write').toBe(racers.length);
        },
        { timeout: 20_000, interval: 20 },
      );
      await gate.query('SELECT pg_advisory_unlock($1)', [key]);
      return await answers;
    } finally {
      await gate.query('SELECT pg_advisory_unlock_all()');
      await answers?.catch(() => {});
      for (const table of GATED_TABLES) {
        await gate.query(`DROP TRIGGER IF EXISTS race_gate ON ${table}`);
      }
      await gate.query('DROP FUNCTION IF EXISTS race_gate()');
      await gate.end();
    }
  }

  it('grants exactly N of N+5 simultaneous holds on a team with N open seats', async () => {
    const teamId = 1;
    const seats = await openSeats(teamId);
    expect(seats).toBeGreaterThan(0);
    const answers = await race(
      Array.from(
        { length: seats + 5 },
        (_, i) => () =>
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
    const answers = await race(
      Array.from(
        { length: seats + 3 },
        () => () => t.call({ method: 'POST', url: '/users', payload: newUser({ teamId }) }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.json().joinRequestSuccess === true)).toHaveLength(seats);
    expect(answers.filter((a) => a.json().joinRequestWarning !== undefined)).toHaveLength(3);
    expect(await openSeats(teamId)).toBe(0);
  });

  it('never approves past capacity: 10 simultaneous approvals for the last seat', async () => {
    const teamId = 3;
    const { active, requests } = await tenWaitingForTheLastSeat(teamId);

    const answers = await race(
      requests.map((r) => () => t.call({ method: 'POST', url: `/join-requests/${r.id}/approve` })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(await activeMembers(teamId)).toBe(active + 1);
  });

  it("approves exactly one of 10 simultaneous console approvals for a team's last seat", async () => {
    const teamId = 4;
    const { active, requests } = await tenWaitingForTheLastSeat(teamId);
    const door = await buildFrontDoor(t.app, t.app.log);
    try {
      const op = await operator(t, door, () => Date.now());
      const answers = await race(
        requests.map(
          (r) => () =>
            op.browser.send({ method: 'POST', url: `/api/console/join-requests/${r.id}/approval` }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(409)]);
      expect(await activeMembers(teamId)).toBe(active + 1);
      // Only the approval that happened is in the audit log.
      const audit = (await op.browser.send({ method: 'GET', url: '/api/console/audit' })).json();
      expect(
        audit.items.filter((e: { action: string }) => e.action === 'join-request.approved'),
      ).toHaveLength(1);
    } finally {
      await door.close();
    }
  });

  it("keeps a team's capacity at or above its Active + Pending: two edits against approvals and placements", async () => {
    const { db } = t.app.database;
    const [team] = await db
      .insert(teams)
      .values({ name: 'Edited While Busy', focusAreaId: 1, focusRoleId: 10, capacity: 10 })
      .returning();
    if (!team) throw new Error('no team');
    const applicants: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/users',
        payload: newUser({ teamId: team.id }),
      });
      expect(res.json().joinRequestSuccess).toBe(true);
      applicants.push(res.json().user.id);
    }
    const unmatched: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/users',
        payload: newUser({ teamId: 999_999 }),
      });
      unmatched.push(res.json().user.id);
    }
    const requests = await db
      .select()
      .from(joinRequests)
      .where(inArray(joinRequests.userId, [...applicants, ...unmatched]));
    const door = await buildFrontDoor(t.app, t.app.log);
    try {
      const op = await operator(t, door, () => Date.now());
      const send = (method: 'POST' | 'PUT', url: string, payload?: object) => () =>
        op.browser.send({ method, url, ...(payload ? { payload } : {}) });
      const answers = await race([
        // Both edits ask for no more than the three applicants there are now.
        send('PUT', `/api/console/teams/${team.id}/capacity`, { capacity: 3 }),
        send('PUT', `/api/console/teams/${team.id}/capacity`, { capacity: 4 }),
        ...requests.map((r) =>
          r.status === 'pending'
            ? send('POST', `/api/console/join-requests/${r.id}/approval`)
            : send('POST', `/api/console/join-requests/${r.id}/placement`, { teamId: team.id }),
        ),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      // The three approvals take no new seat: they all go through.
      expect(
        answers
          .slice(2)
          .filter((_a, i) => requests[i]?.status === 'pending')
          .map((a) => a.statusCode),
      ).toEqual([200, 200, 200]);
      const [after] = await db.select().from(teams).where(eq(teams.id, team.id));
      const seated = await db
        .select({ n: count() })
        .from(memberships)
        .where(
          and(eq(memberships.teamId, team.id), inArray(memberships.status, ['Active', 'Pending'])),
        );
      expect(seated[0]?.n ?? 0).toBeLessThanOrEqual(after?.capacity ?? 0);
      // Each logged edit starts from what the one before it left.
      const edits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, `team:${team.id}`), eq(auditLog.action, 'team.capacity')))
        .orderBy(asc(auditLog.id));
      let capacity = 10;
      for (const edit of edits) {
        expect(edit.before).toEqual({ capacity });
        capacity = (edit.after as { capacity: number }).capacity;
      }
      expect(capacity).toBe(after?.capacity);
    } finally {
      await door.close();
    }
  });
});
