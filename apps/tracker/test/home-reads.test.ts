import { REACTION_DAYS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { auditLog, joinRequests, teamCalls } from '../src/db/schema.ts';
import { checkInStatus, teamBoard } from '../src/services/check-ins.ts';
import { memberReads } from '../src/services/member-days.ts';
import { memberHome, memberJoinRequest } from '../src/services/members.ts';
import { standingOf } from '../src/services/membership.ts';
import { memberCall } from '../src/services/team-calls.ts';
import { contextOn, NOT_PLANNED, readsOf, useRecordedTracker, wholeScans } from './plan-reads.ts';

/**
 * A member's home and team board read their check-ins through the (user_id, day) index, each
 * answer once: the home reads the member's whole history (the longest streak needs it), so what
 * it costs grows with that history and must not grow faster. Each statement the reads ran is run
 * again under EXPLAIN ANALYZE (in a transaction rolled back) and the check-in rows its scans read
 * are counted, every loop included. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
/** The tables that grow with members and their history (the small ones' plans vary in a test). */
const TABLES = ['check_ins', 'pauses', 'memberships'];

describe('the home’s and the board’s reads', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  const tracker = useRecordedTracker(() => clock, { members: 12, days: 200 }, { analyze: true });
  let member: { id: number; team_id: number; answers: number };

  beforeAll(async () => {
    // The member with the longest history.
    [member] = rowsOf<{ id: number; team_id: number; answers: number }>(
      await tracker.app.database.db.execute(sql`
        SELECT m.user_id AS id, m.team_id, count(c.id)::int AS answers
        FROM memberships m JOIN check_ins c ON c.user_id = m.user_id
        WHERE m.status = 'Active'
        GROUP BY m.user_id, m.team_id ORDER BY answers DESC, m.user_id LIMIT 1`),
    ) as [typeof member];
  });

  it('the home reads each of the member’s answers once per read, through the index', async () => {
    expect(member.answers).toBeGreaterThan(100);
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    tracker.recorded.take();
    const status = await checkInStatus(ctx, member.id);
    expect(status.calendar.length).toBeGreaterThan(0);
    const ran = tracker.recorded.take().filter(([query]) => !NOT_PLANNED.test(query));
    const plans = await tracker.recorded.explain(ran, { analyze: true });
    const loader = ran.findIndex(([query]) => query.includes('string_agg'));
    expect(loader).toBeGreaterThanOrEqual(0);
    const rowsRead = (index: number) =>
      (plans[index] ?? [])
        .flatMap((node) => readsOf(node, ['check_ins']))
        .reduce((sum, read) => sum + read.rows, 0);
    // The member's days: every answer, and their first and latest answered days once each.
    expect(rowsRead(loader)).toBeLessThanOrEqual(member.answers + 2);
    // Beside it, the card's rows (notes, reactions) of its last REACTION_DAYS days only, from
    // before the earliest today on Earth: not the whole history a second time.
    const all = plans.reduce((sum, _, i) => sum + rowsRead(i), 0);
    expect(all - rowsRead(loader)).toBeLessThanOrEqual(REACTION_DAYS + 3);
    const scans = plans.flatMap((plan) => plan.flatMap((node) => wholeScans(node, TABLES)));
    expect(scans).toEqual([]);
  });

  it('the home’s page and its check-in card read the member’s days and request once', async () => {
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    tracker.recorded.take();
    const reads = memberReads(ctx, member.id, clock);
    const [home, status] = await Promise.all([
      memberHome(ctx, member.id, reads),
      checkInStatus(ctx, member.id, reads),
    ]);
    expect(home.standing.state).toBeTruthy();
    expect(status.calendar.length).toBeGreaterThan(0);
    const ran = tracker.recorded.take().map(([query]) => query);
    expect(ran.filter((query) => query.includes('string_agg'))).toHaveLength(1);
    // The account with its place, teammates, call and latest join request; the days; the card's
    // rows with their cheers and replies.
    expect(ran).toHaveLength(3);
    expect(
      ran.filter((query) => query.includes('FROM join_requests j LEFT JOIN teams t')),
    ).toHaveLength(1);
  });

  it('the home’s statements read no growing table whole: not the audit log, not the join requests', async () => {
    // The audit log grows with every operator's decision, the accounts with the members: the
    // line that says a member's seat was freed is found among that member's own lines.
    // A year of an operator's decisions about other people: approvals, freed seats, declines.
    const actions = ['join-request.approved', 'quiet-member.seat-freed', 'join-request.declined'];
    await tracker.app.database.db.insert(auditLog).values(
      Array.from({ length: 3000 }, (_, i) => ({
        operatorId: 1,
        action: actions[i % actions.length] ?? 'join-request.approved',
        target: `user:${100_000 + i}`,
        at: new Date(clock.getTime() - (3000 - i) * 3_600_000),
      })),
    );
    await tracker.app.database.db.execute(sql`ANALYZE audit_log`);
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    tracker.recorded.take();
    const reads = memberReads(ctx, member.id, clock);
    await Promise.all([memberHome(ctx, member.id, reads), checkInStatus(ctx, member.id, reads)]);
    const ran = tracker.recorded.take().filter(([query]) => !NOT_PLANNED.test(query));
    expect(ran).toHaveLength(3);
    const plans = await tracker.recorded.explain(ran);
    // The accounts are left out here: with 51 in the test the planner reads them all beside the
    // team's six memberships; at 10,000 it takes the six by their key (docs/capacity.md).
    const growing = [...TABLES, 'audit_log', 'join_requests', 'quiet_spells'];
    const scans = plans.flatMap((plan) => plan.flatMap((node) => wholeScans(node, growing)));
    expect(scans).toEqual([]);
  });

  it('the board reads its week of the team’s answers through the index', async () => {
    const ctx = contextOn(tracker.app, tracker.recorded.db, () => clock);
    tracker.recorded.take();
    const board = await teamBoard(ctx, member.id, member.team_id);
    expect(board.members.length).toBeGreaterThan(1);
    const all = tracker.recorded.take();
    // The teammates (the viewer among them) with all the board shows of them, today's reactions
    // among it: one statement.
    expect(all.map(([query]) => query.slice(0, 60))).toHaveLength(1);
    const ran = all.filter(([query]) => !NOT_PLANNED.test(query));
    const plans = await tracker.recorded.explain(ran, { analyze: true });
    const scans = plans.flatMap((plan) => plan.flatMap((node) => wholeScans(node, TABLES)));
    expect(scans).toEqual([]);
    // A week and a day of six members' answers at most, and each one's first answered day.
    const rowsRead = plans
      .flatMap((plan) => plan.flatMap((node) => readsOf(node, ['check_ins'])))
      .reduce((sum, read) => sum + read.rows, 0);
    expect(rowsRead).toBeLessThanOrEqual(board.members.length * 16);
  });
  it('the home reads its account, place, teammates, call and standing in one statement, as the separate reads give them', async () => {
    const { db } = tracker.app.database;
    const ctx = contextOn(tracker.app, db, () => clock);
    await db
      .insert(teamCalls)
      .values({
        teamId: member.team_id,
        timeZone: 'Europe/Berlin',
        firstWeekday: 1,
        firstMinute: 600,
        secondWeekday: 4,
        secondMinute: 1080,
        durationMinutes: 30,
        meetingUrl: 'https://meet.example/team',
      })
      .onConflictDoNothing();
    // A teammate whose seat was just freed: their place ended, the audit line written.
    const [mate] = rowsOf<{ id: number }>(
      await db.execute(sql`
        SELECT user_id AS id FROM memberships
        WHERE team_id = ${member.team_id} AND user_id <> ${member.id} AND status = 'Active'
        ORDER BY id LIMIT 1`),
    );
    if (mate === undefined) throw new Error('no teammate');
    await db.execute(sql`UPDATE memberships SET status = 'Inactive' WHERE user_id = ${mate.id}`);
    await db.insert(auditLog).values({
      operatorId: 1,
      action: 'quiet-member.seat-freed',
      target: `user:${mate.id}`,
      at: new Date(clock.getTime() - 60_000),
    });
    // The member's latest join request approved onto their team, the teammate's unmatched one.
    const [own] = rowsOf<{ id: number }>(
      await db.execute(sql`
        SELECT id FROM memberships WHERE user_id = ${member.id} AND team_id = ${member.team_id}`),
    );
    await db.insert(joinRequests).values([
      {
        userId: member.id,
        teamId: member.team_id,
        membershipId: own?.id,
        status: 'approved',
        createdAt: new Date(clock.getTime() - 86_400_000),
        decidedAt: new Date(clock.getTime() - 3_600_000),
      },
      {
        userId: mate.id,
        status: 'unmatched',
        createdAt: new Date(clock.getTime() - 7_200_000),
      },
    ]);
    tracker.recorded.take();
    const homes = [];
    for (const id of [member.id, mate.id]) {
      const home = await memberHome(
        contextOn(tracker.app, tracker.recorded.db, () => clock),
        id,
      );
      homes.push(home);
      expect(home.standing).toEqual(await standingOf(ctx, id));
      const latest = await ctx.repos.joinRequests.latestOf(id);
      expect(latest).not.toBeNull();
      expect(home.joinRequest).toEqual(
        latest === null ? null : memberJoinRequest(latest.request, latest.team),
      );
      expect(home.call).toEqual(await memberCall(ctx, id));
      const place = await ctx.repos.members.activePlace(id);
      const mates = place === null ? [] : await ctx.repos.members.teammates(place.teamId);
      expect(home.team?.members.map((m) => m.id) ?? []).toEqual(mates.map((m) => m.user.id));
    }
    // The two differ where it matters: one on a team with a call, one whose seat was freed.
    expect(homes[0]?.call).not.toBeNull();
    expect(homes[1]?.team).toBeNull();
    expect(homes[1]?.standing.state).not.toEqual(homes[0]?.standing.state);
    // Each home: its account, place and latest join request; its days.
    expect(tracker.recorded.take()).toHaveLength(2 * 2);
  });
});
