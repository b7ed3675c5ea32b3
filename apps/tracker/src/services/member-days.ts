import {
  CALENDAR_WEEKS,
  type DayInput,
  dayStateOf,
  localDay,
  openDays,
  quietSpellOf,
  REMINDER_DEFAULTS,
  shiftDay,
  streaksOf,
} from '@app/contracts';
import type { users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { MemberFilter } from '../repositories/members.ts';
import { yieldToLoop } from '../schedule.ts';
import type { TrackerContext } from './context.ts';
import { type PauseRow, pausedDaysIn } from './pause-days.ts';
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

/** A member on a team with what the day rules (contracts DAY_RULES) need of them at `now`. */
export interface MemberDays {
  user: UserRow;
  teamId: number;
  timeZone: string;
  today: string;
  /**
   * The day rules' input: their answers, check-in days, first day, open and paused days. Only
   * the answers from `known` on were read (MemberDaysNeed): the days before it may miss theirs.
   */
  input: DayInput;
  /** The first day whose answers are all in `input.answers` ('0001-01-01': all of them). */
  known: string;
  /** Whether today is in one of their pauses. */
  pausedToday: boolean;
  /** Their pauses, oldest first. */
  pauses: readonly PauseRow[];
  /** Their last answered day, or null. */
  lastAnswer: string | null;
}

/**
 * How much of the members' history a read takes, so that what a schedule reads grows with what it
 * needs rather than with the length of every member's history:
 * - 'all': every answer (the home: the longest streak needs them all);
 * - 'weeks': the calendar's CALENDAR_WEEKS weeks, and further back for a member whose current
 *   streak has not broken within them (a recap's week, its streaks, the calendar);
 * - 'quiet': from the last answer up to the member's today on (a quiet spell starts after it).
 */
export type MemberDaysNeed = 'all' | 'weeks' | 'quiet';

/** A member's row as members.list reads it. */
export type MemberRow = { user: UserRow; teamId: number; joinedAt: Date };

const ALL_DAYS = '0001-01-01';
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Whether the member's current streak (contracts streaksOf) is settled within what was read: a
 * missed check-in day at or after `known` ends every run before it, so the answers before it do
 * not change the current streak.
 */
function streakSettled(member: MemberDays) {
  const { input, known } = member;
  if (known <= input.from) return true;
  for (let day = known; day <= input.today; day = shiftDay(day, 1)) {
    if (dayStateOf(day, input) === 'missed') return true;
  }
  return false;
}

/**
 * The member's current streaks (`current`, `currentYes`: contracts streaksOf), walked from the
 * first day read. `longest` is the longest within what was read: only an 'all' read gives the
 * longest of their whole time on the team.
 */
export function currentStreaksOf(member: MemberDays) {
  return streaksOf({ ...member.input, from: later(member.input.from, member.known) });
}

/**
 * The member's quiet spell (contracts quietSpellOf), walked from their last answer up to today
 * (else the first day read): an answer ends every spell before it.
 */
export function quietSpellOfMember(member: MemberDays) {
  const { input } = member;
  let last = member.known;
  for (const day of input.answers.keys()) if (day > last && day <= input.today) last = day;
  return quietSpellOf({ ...input, from: later(input.from, last) });
}

/**
 * How a read of several statements is made: 'together' sends them at once (on PostgreSQL's pool
 * they run side by side); 'turning' sends one at a time with a turn for the event loop after each
 * (the schedules, outside a transaction: on PGlite, whose queries run on the tracker's own thread
 * one at a time, requests are served between two of them).
 */
export type ReadPace = 'together' | 'turning';

/**
 * The pace of a schedule's reads on this tracker's store: 'turning' on PGlite; on PostgreSQL the
 * loop turns while each statement waits on its socket, so the reads go together.
 */
export const schedulePace = (ctx: Pick<TrackerContext, 'database'>): ReadPace =>
  ctx.database.kind === 'pglite' ? 'turning' : 'together';

/** Runs `reads` as `pace` says, their results in order. */
async function readAll<R extends readonly unknown[]>(
  pace: ReadPace,
  reads: { [K in keyof R]: () => Promise<R[K]> },
): Promise<R> {
  if (pace === 'together') return (await Promise.all(reads.map((read) => read()))) as unknown as R;
  const results: unknown[] = [];
  for (const read of reads) {
    results.push(await read());
    await yieldToLoop();
  }
  return results as unknown as R;
}

type DayFacts = Awaited<ReturnType<TrackerContext['repos']['members']['dayFactsOf']>>;

/** What was read of each member's answers: their first and latest, from when on, and the days. */
type HistoryRead = Map<
  number,
  {
    first: string | null;
    latest: string | null;
    known: string;
    answers: Map<string, 'yes' | 'not-today'>;
  }
>;

/** The members' days at `now` from what was read of them (daysOfMembers, memberDaysOf). */
function assembleDays(
  zoned: readonly (MemberRow & { timeZone: string; today: string })[],
  windows: readonly { since: string | null }[],
  facts: DayFacts,
  read: HistoryRead,
  now: Date,
): MemberDays[] {
  const weekdaysOf = new Map<number, number[]>();
  const paused = new Map<number, PauseRow[]>();
  const approvedAt = new Map<string, Date>();
  const backs = new Map<number, string>();
  for (const row of facts) {
    if (row.weekdays !== null) weekdaysOf.set(row.user_id, row.weekdays);
    if (row.pauses !== null) {
      paused.set(
        row.user_id,
        row.pauses.map(([firstDay, lastDay]) => ({ firstDay, lastDay })),
      );
    }
    for (const [teamId, at] of row.approvals ?? []) {
      if (teamId !== null && at !== null)
        approvedAt.set(`${row.user_id}:${teamId}`, new Date(Number(at)));
    }
    if (row.back !== null) backs.set(row.user_id, row.back);
  }
  return zoned.map(({ user, teamId, joinedAt, timeZone, today }, i): MemberDays => {
    const mine = read.get(user.id);
    const from = joinedDay(
      approvedAt.get(`${user.id}:${teamId}`) ?? joinedAt,
      mine?.first ?? undefined,
      timeZone,
    );
    const weekdays = weekdaysOf.get(user.id);
    // From the earlier of their first day and the calendar's.
    const first = [from, shiftDay(today, -7 * CALENDAR_WEEKS)].sort()[0] ?? from;
    const pausedDays = pausedDaysIn(paused.get(user.id), first, today);
    return {
      user,
      teamId,
      timeZone,
      today,
      known: windows[i]?.since ?? mine?.known ?? ALL_DAYS,
      pausedToday: pausedDays.has(today),
      pauses: paused.get(user.id) ?? [],
      lastAnswer: mine?.latest ?? null,
      input: {
        answers: mine?.answers ?? new Map(),
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

/**
 * The days of `members` (as members.list reads them) at `now`, reading what `need` says of their
 * answers: one query for the answers (each member's first and latest answer and the window's by
 * the unique (user_id, day) index), one for their check-in days, pauses, approvals and I'm back,
 * sent as `pace` says.
 */
export async function daysOfMembers(
  ctx: TrackerContext,
  members: readonly MemberRow[],
  now: Date,
  need: MemberDaysNeed,
  tx: Db = ctx.database.db,
  pace: ReadPace = 'together',
): Promise<MemberDays[]> {
  if (members.length === 0) return [];
  const ids = members.map((m) => m.user.id);
  const zoned = members.map((m) => {
    const timeZone = memberTimeZone(m.user);
    return { ...m, timeZone, today: localDay(now, timeZone) };
  });
  const windows = zoned.map((m) => ({
    id: m.user.id,
    today: m.today,
    // null: from the last answer up to today on.
    since:
      need === 'all' ? ALL_DAYS : need === 'weeks' ? shiftDay(m.today, -7 * CALENDAR_WEEKS) : null,
  }));
  const [answerRows, facts] = await readAll(pace, [
    () => ctx.repos.checkIns.answersIn(windows, tx),
    () => ctx.repos.members.dayFactsOf(ids, tx),
  ] as const);
  const read: HistoryRead = new Map();
  for (const row of answerRows) {
    let entry = read.get(row.user_id);
    if (entry === undefined) {
      entry = {
        first: row.first,
        latest: row.latest,
        known: row.last ?? ALL_DAYS,
        answers: new Map(),
      };
      read.set(row.user_id, entry);
    }
    if (row.day !== null) entry.answers.set(row.day, row.done ? 'yes' : 'not-today');
  }
  const days = assembleDays(zoned, windows, facts, read, now);
  if (need !== 'weeks') return days;
  // A streak older than the weeks read: that member's whole history, as rare as such streaks.
  const unsettled = days.flatMap((d, i) => (streakSettled(d) ? [] : [i]));
  if (unsettled.length === 0) return days;
  const whole = await daysOfMembers(
    ctx,
    unsettled.flatMap((i) => members[i] ?? []),
    now,
    'all',
    tx,
    pace,
  );
  unsettled.forEach((at, n) => {
    const member = whole[n];
    if (member !== undefined) days[at] = member;
  });
  return days;
}

/**
 * The Active members `which` picks with every answer of theirs, in one statement
 * (members.listWithHistory): what daysOfMembers reads with 'all' in three.
 */
async function wholeDaysOf(
  ctx: TrackerContext,
  which: MemberFilter,
  now: Date,
  tx: Db,
): Promise<MemberDays[]> {
  const rows = await ctx.repos.members.listWithHistory(which, tx);
  const read: HistoryRead = new Map();
  const facts: DayFacts = [];
  for (const row of rows) {
    const answers = new Map<string, 'yes' | 'not-today'>();
    if (row.answers !== null) {
      // 'YYYY-MM-DD+' or 'YYYY-MM-DD-', comma-separated.
      for (let at = 0; at < row.answers.length; at += 12) {
        answers.set(
          row.answers.slice(at, at + 10),
          row.answers[at + 10] === '+' ? 'yes' : 'not-today',
        );
      }
    }
    read.set(row.user.id, { first: row.first, latest: row.latest, known: ALL_DAYS, answers });
    facts.push({
      user_id: row.user.id,
      weekdays: row.weekdays,
      pauses: row.pauses,
      approvals: row.approvals,
      back: row.back,
    });
  }
  const zoned = rows.map(({ user, teamId, joinedAt }) => {
    const timeZone = memberTimeZone(user);
    return { user, teamId, joinedAt, timeZone, today: localDay(now, timeZone) };
  });
  return assembleDays(
    zoned,
    zoned.map(() => ({ since: ALL_DAYS })),
    facts,
    read,
    now,
  );
}

/**
 * The Active members `which` picks (a team's, one member, or everyone on a team), each with their
 * days read as `need` says: the one loader the home, the quiet members' schedule, the console's
 * Quiet members page and the weekly recap share, so each follows the same rules as the home's
 * calendar and streaks.
 */
export async function memberDaysOf(
  ctx: TrackerContext,
  which: MemberFilter,
  now: Date,
  tx: Db = ctx.database.db,
  need: MemberDaysNeed = 'all',
  pace: ReadPace = 'together',
): Promise<MemberDays[]> {
  if (need === 'all') return wholeDaysOf(ctx, which, now, tx);
  const members = await ctx.repos.members.list(which, tx);
  if (pace === 'turning') await yieldToLoop();
  return daysOfMembers(ctx, members, now, need, tx, pace);
}

/** The members of one team, as memberDaysOf reads them. */
export const onTeam = (teamId: number): MemberFilter => ({ teamId });

/**
 * What the parts of one answer about a member read of them alike (the home's page, standing and
 * check-in card), each read once, when first asked for: their account, their days at `now` (every
 * answer, as memberDaysOf) and their latest join request.
 */
export interface MemberReads {
  /** Their account, or null. */
  account(): Promise<UserRow | null>;
  /** Their account with their place, teammates, call, ended place and seat line (homeOf). */
  home(): ReturnType<TrackerContext['repos']['members']['homeOf']>;
  days(): Promise<MemberDays[]>;
  /** Their latest join request with its team (as joinRequests.latestOf reads what is shown). */
  latestRequest(): Promise<
    NonNullable<Awaited<ReturnType<TrackerContext['repos']['members']['homeOf']>>>['latest']
  >;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= read();
    return made;
  };
}

export function memberReads(ctx: TrackerContext, userId: number, now: Date): MemberReads {
  const home = once(() => ctx.repos.members.homeOf(userId));
  return {
    home,
    account: once(async () => (await home())?.user ?? null),
    days: once(() => memberDaysOf(ctx, { userId }, now)),
    latestRequest: once(async () => (await home())?.latest ?? null),
  };
}
