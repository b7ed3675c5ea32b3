import {
  CALENDAR_WEEKS,
  type DayInput,
  localDay,
  openDays,
  REMINDER_DEFAULTS,
  shiftDay,
} from '@app/contracts';
import type { users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { MemberFilter } from '../repositories/members.ts';
import type { TrackerContext } from './context.ts';
import { pausedDaysIn, pausesOf } from './pauses.ts';
import { memberTimeZone } from './teammates.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The day a member joined their team, on their calendar: the day their join request to it was
 * approved, else their membership's first day, and never after their first answer (the seed's
 * members answered before the seed made their memberships). The home's streaks and the board's
 * "not on the team yet" both count from it.
 */
export function joinedDay(
  approvedOrJoinedAt: Date,
  firstAnswer: string | undefined,
  timeZone: string,
) {
  const joined = localDay(approvedOrJoinedAt, timeZone);
  return firstAnswer !== undefined && firstAnswer < joined ? firstAnswer : joined;
}

/** When each of `userIds` had their join request to `teamId` approved (absent: never). */
export async function approvalsOn(
  ctx: TrackerContext,
  teamId: number,
  userIds: readonly number[],
  tx: Db = ctx.database.db,
) {
  if (userIds.length === 0) return new Map<number, Date>();
  const rows = await ctx.repos.joinRequests.approvals(teamId, [...userIds], tx);
  return new Map(
    rows.flatMap((row) => (row.decidedAt === null ? [] : [[row.userId, row.decidedAt] as const])),
  );
}

/** A member on a team with what the day rules (contracts DAY_RULES) need of them at `now`. */
export interface MemberDays {
  user: UserRow;
  teamId: number;
  timeZone: string;
  today: string;
  /** The day rules' input: their answers, check-in days, first day, open and paused days. */
  input: DayInput;
  /** Whether today is in one of their pauses. */
  pausedToday: boolean;
  /** Their last answered day, or null. */
  lastAnswer: string | null;
}

/**
 * The Active members `which` picks (a team's, one member, or everyone on a team), each with their days
 * read once: the one loader the quiet members' schedule, the console's Quiet members page and the
 * weekly recap share, so each follows the same rules as the home's calendar and streaks.
 */
export async function memberDaysOf(
  ctx: TrackerContext,
  which: MemberFilter,
  now: Date,
  tx: Db = ctx.database.db,
): Promise<MemberDays[]> {
  const members = await ctx.repos.members.list(which, tx);
  if (members.length === 0) return [];
  const ids = members.map((m) => m.user.id);
  const [answers, settings, paused, backs] = await Promise.all([
    ctx.repos.checkIns.answersOf(ids, tx),
    ctx.repos.reminderSettings.weekdaysOf(ids, tx),
    pausesOf(ctx, ids, tx),
    ctx.repos.quietSpells.backsOf(ids, tx),
  ]);
  const approvals = new Map<number, Date>();
  for (const teamId of new Set(members.map((m) => m.teamId))) {
    const onTeam = members.filter((m) => m.teamId === teamId).map((m) => m.user.id);
    for (const [userId, at] of await approvalsOn(ctx, teamId, onTeam, tx))
      approvals.set(userId, at);
  }
  return members.map(({ user, teamId, joinedAt }) => {
    const timeZone = memberTimeZone(user);
    const today = localDay(now, timeZone);
    const mine = answers
      .filter((a) => a.userId === user.id)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
    const from = joinedDay(approvals.get(user.id) ?? joinedAt, mine[0]?.day, timeZone);
    const weekdays = settings.find((s) => s.userId === user.id)?.weekdays;
    // From the earlier of their first day and the calendar's.
    const first = [from, shiftDay(today, -7 * CALENDAR_WEEKS)].sort()[0] ?? from;
    const pausedDays = pausedDaysIn(paused.get(user.id), first, today);
    return {
      user,
      teamId,
      timeZone,
      today,
      pausedToday: pausedDays.has(today),
      lastAnswer: mine.at(-1)?.day ?? null,
      input: {
        answers: new Map(mine.map((a) => [a.day, a.done ? 'yes' : 'not-today'])),
        // Their check-in days are their reminder weekdays.
        weekdays: weekdays?.length ? weekdays : REMINDER_DEFAULTS.weekdays,
        from,
        today,
        open: new Set(openDays(now, timeZone).map((d) => d.day)),
        paused: pausedDays,
        back: backs.get(user.id),
      },
    };
  });
}

/** The members of one team, as memberDaysOf reads them. */
export const onTeam = (teamId: number): MemberFilter => ({ teamId });
