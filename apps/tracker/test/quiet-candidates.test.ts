import { localDay, QUIET_RULES, shiftDay } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import type { TrackerContext } from '../src/services/context.ts';
import {
  quietMemberPage,
  quietMembers,
  refreshQuietListings,
  runQuietMembers,
} from '../src/services/quiet-members.ts';
import { contextOn, readsOf, useRecordedTracker } from './plan-reads.ts';

/**
 * The quiet members' schedule and the console's Quiet members page read the members who could be
 * quiet (no answer for the last days) and no one else: each member's last answered day is kept in
 * last_answers as check-ins are written and deleted, and its index leads the reads. Rows read are
 * counted by the database: each statement a pass or a page ran is run again under EXPLAIN ANALYZE
 * (in a transaction rolled back) and the rows its scans of the per-member tables returned or
 * filtered out are added up. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const MEMBERS = 60;
/** The tables with a row per member the quiet members' reads go through to find them. */
const PER_MEMBER = ['users', 'memberships', 'last_answers'];

describe('the quiet members’ reads', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  const tracker = useRecordedTracker(
    () => clock,
    { members: MEMBERS, days: 30 },
    {
      prepare: async (app) => {
        // Every tenth member has not answered for 20 days; everyone else answered yesterday.
        const today = localDay(clock, 'UTC');
        await app.database.db.execute(sql`
          DELETE FROM check_ins WHERE user_id % 10 = 0 AND day >= ${shiftDay(today, -20)}`);
        await app.database.db.execute(sql`
          INSERT INTO check_ins (user_id, day, done)
          SELECT user_id, ${shiftDay(today, -1)}::date, true FROM memberships
          WHERE status = 'Active' AND user_id % 10 <> 0
          ON CONFLICT (user_id, day) DO UPDATE SET done = true`);
        // The kept quiet spells of the seeded members, worked out once (as the first pass after
        // the seed does): the passes below work out only what changed since.
        await refreshQuietListings(app, { skipLocked: false, budgetMs: Number.POSITIVE_INFINITY });
      },
      analyze: true,
    },
  );
  const count = async (text: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await tracker.app.database.db.execute(text))[0]?.n ?? -1;

  /** Runs `work` on the logged connection: the rows of PER_MEMBER its statements read. */
  async function readsIn(work: (ctx: TrackerContext) => Promise<unknown>) {
    tracker.recorded.take();
    await work(contextOn(tracker.app, tracker.recorded.db, () => clock));
    const ran = tracker.recorded
      .take()
      .filter(([text]) => /^\s*(select|with)/i.test(text) && !/^\s*select pg_advisory/i.test(text));
    const plans = await tracker.recorded.explain(ran, { analyze: true });
    const reads = plans.flat().flatMap((node) => readsOf(node, PER_MEMBER));
    return { reads, read: reads.reduce((sum, r) => sum + r.rows, 0) };
  }

  /** Active members without an answer on `from` or after, counted from the check-ins. */
  const withoutAnswerSince = (from: string) =>
    count(sql`
      SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.status = 'Active' AND u.status <> 'Inactive'
        AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = m.user_id AND c.day >= ${from})`);

  it('keeps each member’s last answered day as check-ins are written, moved and deleted', async () => {
    const wrong = await count(sql`
      SELECT count(*)::int AS n FROM memberships m
      LEFT JOIN last_answers l ON l.user_id = m.user_id
      WHERE m.status = 'Active' AND (l.user_id IS NULL
        OR l.day IS DISTINCT FROM (SELECT max(c.day) FROM check_ins c WHERE c.user_id = m.user_id))`);
    expect(wrong).toBe(0);
    const [member] = rowsOf<{ id: number; day: string }>(
      await tracker.app.database.db.execute(sql`
        SELECT user_id AS id, max(day)::text AS day FROM check_ins GROUP BY user_id
        HAVING count(*) > 2 ORDER BY user_id LIMIT 1`),
    );
    if (!member) throw new Error('no member with answers');
    const lastOf = async () =>
      rowsOf<{ day: string | null }>(
        await tracker.app.database.db.execute(
          sql`SELECT day::text AS day FROM last_answers WHERE user_id = ${member.id}`,
        ),
      )[0]?.day;
    const later = shiftDay(member.day, 5);
    await tracker.app.database.db.execute(
      sql`INSERT INTO check_ins (user_id, day, done) VALUES (${member.id}, ${later}, true)`,
    );
    expect(await lastOf()).toBe(later);
    await tracker.app.database.db.execute(
      sql`UPDATE check_ins SET day = ${shiftDay(member.day, 2)} WHERE user_id = ${member.id} AND day = ${later}`,
    );
    expect(await lastOf()).toBe(shiftDay(member.day, 2));
    await tracker.app.database.db.execute(
      sql`DELETE FROM check_ins WHERE user_id = ${member.id} AND day > ${member.day}`,
    );
    expect(await lastOf()).toBe(member.day);
    await tracker.app.database.db.execute(sql`DELETE FROM check_ins WHERE user_id = ${member.id}`);
    expect(await lastOf()).toBeNull();
  });

  it('the "we miss you" pass reads the members without a recent answer, not every member', async () => {
    const answeredFrom = shiftDay(localDay(clock, 'UTC'), 2 - QUIET_RULES.missYouAfter);
    const candidates = await withoutAnswerSince(answeredFrom);
    expect(candidates).toBeGreaterThan(0);
    expect(candidates).toBeLessThan(MEMBERS / 3);
    let mailed = 0;
    const first = await readsIn(async (c) => {
      mailed = await runQuietMembers(c);
    });
    expect(mailed).toBeGreaterThan(0);
    // Each candidate is found through the index and read once from each table, give or take
    // the mail's own reads for those mailed.
    expect(first.read, JSON.stringify(first.reads)).toBeLessThanOrEqual(
      3 * candidates + 3 * mailed,
    );
    // Through indexes only: no table read whole.
    expect(first.reads.filter((r) => r.how.startsWith('Seq Scan'))).toEqual([]);
    // A second pass mails nobody again and reads no more than the candidates.
    const second = await readsIn(async (c) => {
      mailed = await runQuietMembers(c);
    });
    expect(mailed).toBe(0);
    expect(second.read, JSON.stringify(second.reads)).toBeLessThanOrEqual(3 * candidates);
  });

  it('the Quiet members page reads the members without an answer for its days, not every member', async () => {
    const answeredFrom = shiftDay(localDay(clock, 'UTC'), 2 - QUIET_RULES.consoleAfter);
    const candidates = await withoutAnswerSince(answeredFrom);
    const page = await readsIn((c) => quietMemberPage(c, { limit: 2, offset: 0 }));
    expect(page.read, JSON.stringify(page.reads)).toBeLessThanOrEqual(3 * candidates + 6);
    expect(page.reads.filter((r) => r.how.startsWith('Seq Scan'))).toEqual([]);
    const listed = await quietMembers(tracker.app);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(candidates);
    const first = await quietMemberPage(tracker.app, { limit: 2, offset: 0 });
    expect(first.total).toBe(listed.length);
    expect(first.members.map((m) => m.id)).toEqual(listed.slice(0, 2).map((m) => m.id));
  });
});
