import { addCalendarDays, wallClockAt, zonedInstant } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCALE_TIME_ZONES } from '../src/seed/scale.ts';
import { runDigests } from '../src/services/digests.ts';
import { daysOfMembers } from '../src/services/member-days.ts';
import { quietMemberPage, runQuietMembers } from '../src/services/quiet-members.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { runReminders } from '../src/services/reminders.ts';
import { contextOn, NOT_PLANNED, useRecordedTracker, wholeScans } from './plan-reads.ts';

/**
 * Every statement the schedules, the console's Quiet members page and the members' days loader
 * run is planned with an index on PostgreSQL for the tables that grow with members and their
 * history: each statement is recorded as it runs on a scale data set, then EXPLAINed with
 * sequential scans, hash and merge joins priced out, which leaves a whole-table read only where
 * no index serves the statement.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Tables with a row or more per member, or per member and day. */
const BIG = [
  'check_ins',
  'cheers',
  'check_in_replies',
  'pauses',
  'memberships',
  'users',
  'quiet_spells',
  'last_answers',
  'quiet_listings',
  'reminder_settings',
  'recap_settings',
  'digest_settings',
  'reminders',
  'recaps',
  'digests',
  'outbox',
  'email_links',
  'join_requests',
];

/** A Sunday 18:00 in the scale members' first zone: the weekly recap falls due there. */
function sunday(): Date {
  const zone = SCALE_TIME_ZONES[0];
  const today = addCalendarDays(wallClockAt(Date.now(), zone), 0);
  return zonedInstant(addCalendarDays(today, 7 - today.weekday), 18, zone);
}

describe.skipIf(!databaseUrl)('the scale queries on PostgreSQL', () => {
  const moment = sunday();
  let clock = new Date(moment.getTime() - 10 * 60_000);
  const tracker = useRecordedTracker(
    () => clock,
    { members: 300, days: 120 },
    { analyze: true, where: { databaseUrl } },
  );
  /** Each statement the work ran, once (the last parameters it ran with). */
  let statements = new Map<string, unknown[]>();

  beforeAll(async () => {
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    clock = new Date(moment.getTime() + 60_000);
    await runReminders(ctx);
    await runQuietMembers(ctx);
    await runRecaps(ctx);
    await runDigests(ctx);
    await quietMemberPage(ctx, { limit: 20, offset: 0 });
    const team = await ctx.repos.members.list({ teamId: 10 });
    await daysOfMembers(ctx, team, clock, 'weeks');
    await daysOfMembers(ctx, team, clock, 'quiet');
    statements = new Map(tracker.recorded.take());
  }, 240_000);

  it('ran the work it plans: mails went out, the loader read answers', () => {
    const texts = [...statements.keys()];
    expect(texts.some((q) => q.includes('jsonb_to_recordset'))).toBe(true);
    expect(texts.some((q) => q.includes('quiet_spells q'))).toBe(true);
    expect(texts.some((q) => q.includes('insert into "recaps"'))).toBe(true);
  });

  it('scans no table that grows with members without an index', async () => {
    const ran = [...statements].filter(([query]) => !NOT_PLANNED.test(query));
    const plans = await tracker.recorded.explain(ran);
    const found: Record<string, string[]> = {};
    ran.forEach(([query, params], index) => {
      const plan = plans[index] ?? [];
      const scans = plan.flatMap((node) => wholeScans(node, BIG));
      if (scans.length > 0 && process.env.SHOW_PLANS)
        console.log(JSON.stringify(plan, null, 1), params);
      if (scans.length > 0) found[query.replace(/\s+/g, ' ').slice(0, 160)] = scans;
    });
    expect(found).toEqual({});
  });
});
