import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { runDigests } from '../src/services/digests.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { runReminders } from '../src/services/reminders.ts';
import { contextOn, NOT_PLANNED, readsOf, useRecordedTracker } from './plan-reads.ts';

/**
 * A tick of the schedules on the members' own clocks (reminders, weekly recap, daily digest) reads
 * only the members due in it: with every member's next time worked out and none of them due, the
 * tick reads no row of the members' settings, accounts or memberships, however many members there
 * are. Rows read are counted by the database itself: each statement the tick ran is run again under
 * EXPLAIN ANALYZE (in a transaction rolled back) and the rows its scans of those tables returned or
 * filtered out are added up. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const MEMBERS = 40;
/** The tables with a row per member that a schedule's tick could read. */
const PER_MEMBER = [
  'users',
  'memberships',
  'reminder_settings',
  'recap_settings',
  'digest_settings',
];

describe('a schedule tick with no member due', () => {
  let clock = new Date('2026-11-02T17:00:00Z');
  const tracker = useRecordedTracker(
    () => clock,
    { members: MEMBERS, days: 3 },
    {
      // Digests are off by default: some members turn theirs on, so each table has members to read.
      prepare: (app) =>
        app.database.db.execute(
          sql`UPDATE digest_settings SET enabled = true, next_at = NULL WHERE user_id % 2 = 0`,
        ),
      analyze: true,
    },
  );

  /** One tick of the three schedules: how many rows of PER_MEMBER its statements read. */
  async function tick() {
    tracker.recorded.take();
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    await runReminders(ctx);
    await runRecaps(ctx);
    await runDigests(ctx);
    const ran = tracker.recorded.take().filter(([text]) => !NOT_PLANNED.test(text));
    const plans = await tracker.recorded.explain(ran, { analyze: true });
    const reads = plans.flat().flatMap((node) => readsOf(node, PER_MEMBER));
    return { reads, read: reads.reduce((sum, r) => sum + r.rows, 0), statements: ran.length };
  }

  it("the first tick works out every member's next times, reading their rows", async () => {
    const first = await tick();
    expect(first.read).toBeGreaterThanOrEqual(MEMBERS);
    const unset = rowsOf<{ n: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT count(*)::int AS n FROM reminder_settings WHERE enabled AND next_at IS NULL`),
    );
    expect(unset[0]?.n).toBe(0);
  });

  it('a tick a minute later, with no member due, reads none of them', async () => {
    // The first tick set every row's next time; the statistics still say none has one (they were
    // taken before it), and with them the planner may walk every member in key order, expecting
    // to stop early. The server's autovacuum takes them again after so many changes: so does the
    // test, rather than depend on when that happens.
    await tracker.app.database.db.execute(sql`ANALYZE`);
    clock = new Date(clock.getTime() + 60_000);
    const due = rowsOf<{ n: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT count(*)::int AS n FROM reminder_settings WHERE enabled AND next_at <= ${clock}`),
    );
    expect(due[0]?.n).toBe(0);
    const { reads, statements } = await tick();
    expect(statements).toBeGreaterThan(0);
    expect(reads).toEqual([]);
  });

  it('a member who moves to another zone is read again, and only they are', async () => {
    const [member] = rowsOf<{ id: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT user_id AS id FROM reminder_settings WHERE enabled ORDER BY user_id LIMIT 1`),
    );
    if (!member) throw new Error('no member');
    await tracker.app.database.db.execute(
      sql`UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = ${member.id}`,
    );
    clock = new Date(clock.getTime() + 60_000);
    const { reads, read } = await tick();
    expect(read).toBeGreaterThan(0);
    expect(read, JSON.stringify(reads)).toBeLessThan(MEMBERS / 2);
    const zones = rowsOf<{ zone: string | null; next: Date | null }>(
      await tracker.app.database.db.execute(sql`
        SELECT time_zone AS zone, next_at AS next FROM reminder_settings WHERE user_id = ${member.id}`),
    );
    expect(zones[0]?.zone).toBe('Pacific/Kiritimati');
    expect(zones[0]?.next).not.toBeNull();
  });

  it('a member who joins a team gets their settings rows at once', async () => {
    const [row] = rowsOf<{ user_id: number; team_id: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT user_id, team_id FROM memberships WHERE status = 'Active' ORDER BY user_id LIMIT 1`),
    );
    if (!row) throw new Error('no membership');
    await tracker.app.database.db.execute(
      sql`DELETE FROM reminder_settings WHERE user_id = ${row.user_id}`,
    );
    await tracker.app.database.db.execute(
      sql`UPDATE memberships SET status = 'Active' WHERE user_id = ${row.user_id}`,
    );
    const rows = rowsOf<{ n: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT count(*)::int AS n FROM reminder_settings WHERE user_id = ${row.user_id} AND next_at IS NULL`),
    );
    expect(rows[0]?.n).toBe(1);
  });
});
