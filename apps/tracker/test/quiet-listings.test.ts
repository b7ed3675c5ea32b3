import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import {
  quietMemberPage,
  quietMembers,
  refreshQuietListings,
} from '../src/services/quiet-members.ts';
import { contextOn, readsOf, useRecordedTracker } from './plan-reads.ts';

/**
 * The console's Quiet members page reads the kept quiet spells (quiet_listings): one indexed read
 * of a page of the listed members, not a judgement of every quiet member on each load. The kept
 * list is the one the day rules give member by member (quietMembers for one member reads their
 * days), whatever the clock and the data do. On PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set; the statistics are taken (ANALYZE) before the plans are read.
 */
const MEMBERS = 96;
const PAGE = 5;
/** Tables with a row or more per member: a page's reads of them are counted. */
const PER_MEMBER = [
  'users',
  'memberships',
  'last_answers',
  'quiet_listings',
  'check_ins',
  'pauses',
  'pause_starts',
  'reminder_settings',
  'join_requests',
  'quiet_spells',
];

describe('the Quiet members page’s kept spells', () => {
  let clock = new Date('2026-11-04T17:00:00Z');
  const tracker = useRecordedTracker(() => clock, { members: MEMBERS, days: 40 });
  const db = () => tracker.app.database.db;
  const rows = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));

  /** The Active members' ids. */
  const active = async () =>
    (
      await rows<{ id: number }>(sql`
        SELECT m.user_id AS id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.status = 'Active' AND u.status <> 'Inactive' ORDER BY m.user_id`)
    ).map((r) => r.id);

  /** The quiet members as the day rules give them, member by member, the longest first. */
  async function judged() {
    const listed = [];
    for (const id of await active())
      listed.push(...(await quietMembers(tracker.app, db(), { userId: id })));
    return listed.sort((a, b) => b.quietDays - a.quietDays || a.id - b.id);
  }

  const start = clock.getTime();

  it('lists the members the day rules list, as the clock moves and answers, pauses and accounts change', async () => {
    const hour = 3_600_000;
    const moments = [0, 13, 19, 24 * 3 + 5, 24 * 6 + 2, 24 * 11 + 20];
    let checked = 0;
    for (const [n, hours] of moments.entries()) {
      clock = new Date(start + hours * hour);
      const [listed, ...rest] = await quietMembers(tracker.app);
      if (listed !== undefined && n % 2 === 1) {
        // A listed member answers today: off the list.
        await db().execute(sql`
          INSERT INTO check_ins (user_id, day, done) VALUES (${listed.id}, ${clock.toISOString().slice(0, 10)}, true)
          ON CONFLICT (user_id, day) DO NOTHING`);
      }
      const paused = rest[0];
      if (paused !== undefined && n % 2 === 0) {
        // Another pauses from today for a week.
        const day = clock.toISOString().slice(0, 10);
        await db().execute(sql`
          INSERT INTO pauses (user_id, first_day, last_day) VALUES (${paused.id}, ${day}, ${day}::date + 7)`);
      }
      const quiet = rest[1];
      if (quiet !== undefined && n === 2) {
        // One account is made Inactive, one member's check-in days become every day.
        await db().execute(sql`UPDATE users SET status = 'Inactive' WHERE id = ${quiet.id}`);
      }
      if (n === 3) {
        await db().execute(sql`
          UPDATE reminder_settings SET weekdays = '{0,1,2,3,4,5,6}'
          WHERE user_id IN (SELECT user_id FROM last_answers WHERE day < ${clock.toISOString().slice(0, 10)}::date - 3 ORDER BY user_id LIMIT 5)`);
      }
      const kept = await quietMembers(tracker.app);
      expect(kept, `at ${clock.toISOString()}`).toEqual(await judged());
      checked += kept.length;
      const page = await quietMemberPage(tracker.app, { limit: PAGE, offset: PAGE });
      expect(page.total).toBe(kept.length);
      expect(page.members).toEqual(kept.slice(PAGE, 2 * PAGE));
    }
    expect(checked).toBeGreaterThan(moments.length * 5);
  }, 180_000);

  it('reads one page of the listed members through its index, not every member', async () => {
    // Back to the seed's day (the rows worked out at a later clock are worked out again).
    clock = new Date(start);
    // One in eight has not answered for three weeks.
    await db().execute(sql`
      DELETE FROM check_ins WHERE user_id % 8 = 0 AND day >= ${clock.toISOString().slice(0, 10)}::date - 21`);
    await refreshQuietListings(tracker.app, {
      skipLocked: false,
      budgetMs: Number.POSITIVE_INFINITY,
    });
    await db().execute(sql`ANALYZE`);
    const [{ n: listed } = { n: 0 }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM quiet_listings WHERE listed`,
    );
    const members = (await active()).length;
    expect(listed).toBeGreaterThan(2 * PAGE);
    expect(listed).toBeLessThan(members / 3);
    for (const offset of [0, listed - PAGE]) {
      tracker.recorded.take();
      const page = await quietMemberPage(
        contextOn(tracker.app, tracker.recorded.db, () => clock),
        {
          limit: PAGE,
          offset,
        },
      );
      expect(page.members).toHaveLength(PAGE);
      const ran = tracker.recorded.take().filter(([text]) => /^\s*(select|with)/i.test(text));
      // Read through an index in its order wherever one serves (ordered): a page that read all
      // the listed rows and sorted them shows as more rows read.
      const plans = await tracker.recorded.explain(ran, { analyze: true, ordered: true });
      const reads = plans.flat().flatMap((plan) => readsOf(plan, PER_MEMBER));
      const shown = JSON.stringify(reads);
      expect(
        reads.filter((r) => r.how.startsWith('Seq Scan')),
        shown,
      ).toEqual([]);
      // Nobody's days are read: the rows are kept.
      expect(
        reads.filter((r) => !['quiet_listings', 'users', 'last_answers'].includes(r.table)),
        shown,
      ).toEqual([]);
      // The listed rows once for the count, up to offset + page of them for the page, and each
      // page member's account and last answer: never every member.
      const total = reads.reduce((sum, r) => sum + r.rows, 0);
      expect(total, shown).toBeLessThanOrEqual(listed + offset + PAGE + 2 * PAGE + 2);
      expect(total, shown).toBeLessThan(members);
    }
  }, 60_000);
});
