import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { checkInStatus, teamBoard } from '../src/services/check-ins.ts';
import { memberReads } from '../src/services/member-days.ts';
import { memberHome } from '../src/services/members.ts';
import type { TestDatabase } from '../src/testing.ts';
import { seededTracker } from './helpers.ts';

/**
 * The statements a member's home and board run on every page view are planned once on PGlite, not
 * at each read: PostgreSQL plans a prepared statement for its values the first five times it runs,
 * then keeps one plan for every value when that plan's estimate is no worse than theirs. A read
 * whose estimate only the values make small (a check-in's day "from this day on": a third of the
 * member's days for any day) was planned again at every read, about 1 ms of a home's 3 at 10,000
 * members. The server counts both kinds of plan for each statement it holds.
 */
const READS = 12;
/** The plans PostgreSQL makes for the values before it weighs the one plan. */
const FIRST_PLANS = 5;

/** On PostgreSQL each pooled connection holds its own (prepared-reads.test.ts). */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('the home’s and the board’s statements on PGlite', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  let store: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app, store } = await seededTracker(() => clock, { members: 24, days: 120 }));
    await app.database.db.execute(sql`ANALYZE`);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
  });

  it('are each planned for their values at most five times in twelve reads', async () => {
    const members = rowsOf<{ id: number; team_id: number }>(
      await app.database.db.execute(sql`
        SELECT user_id AS id, team_id FROM memberships WHERE status = 'Active'
        ORDER BY user_id LIMIT ${READS}`),
    );
    expect(members).toHaveLength(READS);
    for (const member of members) {
      const reads = memberReads(app, member.id, clock);
      const [home] = await Promise.all([
        memberHome(app, member.id, reads),
        checkInStatus(app, member.id, reads),
      ]);
      expect(home.team).not.toBeNull();
      await teamBoard(app, member.id, member.team_id);
    }
    const held = rowsOf<{ statement: string; generic: number; custom: number }>(
      await app.database.db.execute(sql`
        SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom
        FROM pg_prepared_statements`),
    );
    // The home's three statements and the board's, each prepared at its second read.
    const ofReads = held.filter((row) => /"(check_ins|memberships)"/.test(row.statement));
    expect(ofReads).toHaveLength(4);
    for (const row of ofReads) {
      expect({ statement: row.statement.slice(0, 120), custom: row.custom }).toEqual({
        statement: row.statement.slice(0, 120),
        custom: expect.toSatisfy((n: number) => n <= FIRST_PLANS),
      });
      expect(row.generic + row.custom).toBe(READS - 1);
    }
  });
});
