import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { contextOn, readsOf, useRecordedTracker, wholeScans } from './plan-reads.ts';

/**
 * The schedules' read of members' answers in a window (answersIn: the quiet members, the recaps,
 * the kept quiet spells) goes through the (user_id, day) index member by member, in the plan the
 * planner itself picks on answers laid out day by day, as a running tracker's are. Joined
 * directly, the planner took the members for a hundred (a function's rows) and hashed them against
 * every answer, read whole: 155 ms of the tracker's thread at 1,000 members on PGlite, one such
 * stretch for each batch of a schedule. Nothing is priced out here (as the other plan tests do):
 * it is the planner's choice that is checked. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
describe('the schedules’ read of answers in a window', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  const tracker = useRecordedTracker(() => clock, { members: 300, days: 200 }, { analyze: true });

  it('reads each member’s answers through the index, never the whole table', async () => {
    const ids = rowsOf<{ id: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT user_id AS id FROM memberships WHERE status = 'Active' ORDER BY user_id LIMIT 20`),
    ).map((row) => row.id);
    expect(ids).toHaveLength(20);
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    tracker.recorded.take();
    const windows = ids.map((id, i) => ({
      id,
      today: '2026-11-04',
      // From their last answer for most, from a day in the window for some.
      since: i % 4 === 0 ? '2026-10-01' : null,
    }));
    const rows = await ctx.repos.checkIns.answersIn(windows);
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set(ids));
    const plans = await tracker.recorded.explain(tracker.recorded.take(), {
      analyze: true,
      asChosen: true,
    });
    expect(plans).toHaveLength(1);
    const plan = plans.flat();
    expect(plan.flatMap((node) => wholeScans(node, ['check_ins']))).toEqual([]);
    // What the scans of the answers read: about the answers asked for, not all of them.
    const read = plan
      .flatMap((node) => readsOf(node, ['check_ins']))
      .reduce((sum, scan) => sum + scan.rows, 0);
    const total = rowsOf<{ n: number }>(
      await tracker.app.database.db.execute(sql`SELECT count(*)::int AS n FROM check_ins`),
    )[0]?.n;
    expect(read).toBeLessThan((total ?? 0) / 10);
  });
});
