import {
  BOARD_DAYS,
  type BoardDay,
  CHECK_IN_MESSAGES,
  CHECK_INS_PER_WEEK,
  type CheckIn,
  type CheckInStatus,
  calendarOf,
  canonicalTimeZone,
  type DayInput,
  dayStateOf,
  GIVEN_AT_SKEW_MINUTES,
  localDay,
  MAIL_TEXTS,
  NUDGE_TEXT,
  oneLine,
  openDays,
  REACTION_DAYS,
  shiftDay,
  streaksOf,
  type TeamBoard,
  UPLOADS_PATH,
  weekStartOf,
} from '@app/contracts';
import { HttpError, notFound, validationError } from '@app/server-kit';
import type { Db } from '../db/types.ts';
import type { CheckInRow } from '../repositories/check-ins.ts';
import { reactionsSeen } from './cheers.ts';
import type { TrackerContext } from './context.ts';
import { nudgesOff, unsubscribeLink } from './mail-settings.ts';
import { joinedDay, type MemberReads, memberDaysOf } from './member-days.ts';
import { pausedDaysIn, pauseOn, pausesOf } from './pause-days.ts';
import { dayInWords } from './pauses.ts';
import { memberOnTeam, memberTimeZone } from './teammates.ts';

export function toCheckIn(row: CheckInRow): CheckIn {
  return {
    day: row.day,
    answer: row.done ? 'yes' : 'not-today',
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The zone whose day begins last (UTC-12): its today is the earliest of any member's. */
const EARLIEST_ZONE = 'Etc/GMT+12';
/** The zone whose day begins first (UTC+14): its today is the latest of any member's. */
const LATEST_ZONE = 'Etc/GMT-14';

const notOnTeam = () => new HttpError('NOT_FOUND', CHECK_IN_MESSAGES.notOnTeam);

/** Sets the member's time zone (checked against the platform's zone names); returns it. */
export async function setTimeZone(ctx: TrackerContext, userId: number, zone: string) {
  const timeZone = canonicalTimeZone(zone);
  if (timeZone === null) {
    throw new HttpError('VALIDATION_ERROR', CHECK_IN_MESSAGES.chooseTimeZone, [
      { path: 'timeZone', message: CHECK_IN_MESSAGES.chooseTimeZone },
    ]);
  }
  if (!(await ctx.repos.users.setTimeZone(userId, timeZone))) throw notFound('User');
  return { timeZone };
}

/**
 * The browser's zone, given at sign-in, for a member who has none yet (their first sign-in); a
 * zone the tracker does not know, or a member with a zone already, is left as it is.
 */
export async function adoptTimeZone(ctx: TrackerContext, userId: number, zone?: string) {
  const timeZone = zone === undefined ? null : canonicalTimeZone(zone);
  if (timeZone === null) return;
  await ctx.repos.users.setTimeZoneIfNone(userId, timeZone);
}

/** The member's check-in for one of their days, or null. */
export async function checkInOn(ctx: TrackerContext, userId: number, day: string, tx?: Db) {
  const row = await ctx.repos.checkIns.on(userId, day, tx);
  return row ? toCheckIn(row) : null;
}

/**
 * What the home's check-in card shows at the tracker's now: today and (until noon) yesterday in
 * the member's zone, with what they answered. 404 when the member is on no team.
 */
export async function checkInStatus(
  ctx: TrackerContext,
  userId: number,
  reads?: MemberReads,
): Promise<CheckInStatus> {
  const now = ctx.trackerConfig.now();
  // Every answer's day once (they all make the streaks), and the shown days' rows with their
  // cheers and replies: those of the reactions' days, from before the earliest today on Earth to
  // the latest today.
  const [rows, [days]] = await Promise.all([
    ctx.repos.checkIns.ofUserSince(
      userId,
      shiftDay(localDay(now, EARLIEST_ZONE), -REACTION_DAYS),
      localDay(now, LATEST_ZONE),
    ),
    reads?.days() ?? memberDaysOf(ctx, { userId }, now),
  ]);
  if (days === undefined) throw notOnTeam();
  const { user, timeZone, today, input: history } = days;
  const open = openDays(now, timeZone);
  // The one set of day rules (contracts DAY_RULES) makes the streaks and the calendar.
  const streaks = streaksOf(history);
  const recent = rows
    .filter((row) => row.day > shiftDay(today, -REACTION_DAYS))
    .sort((a, b) => (a.day < b.day ? 1 : -1));
  return {
    goal: user.goalSummary,
    timeZone,
    streaks,
    pause: pauseOn(days.pauses, today),
    calendar: calendarOf(history),
    reactions: recent.flatMap((row) => {
      const fromOthers = {
        cheers: row.cheers.filter((person) => person.id !== userId),
        replies: row.replies.filter((r) => r.author.id !== userId),
      };
      if (fromOthers.cheers.length === 0 && fromOthers.replies.length === 0) return [];
      return [
        {
          day: row.day,
          answer: row.done ? ('yes' as const) : ('not-today' as const),
          note: row.note,
          ...fromOthers,
        },
      ];
    }),
    days: open.map((d) => {
      const row = rows.find((r) => r.day === d.day);
      return {
        day: d.day,
        which: d.which,
        closesAt: d.closesAt.toISOString(),
        checkIn: row ? toCheckIn(row) : null,
      };
    }),
  };
}

/**
 * Records (or changes) the member's answer for `day`, a date in their zone: today until it ends,
 * yesterday until noon. Anything else is CHECK_IN_CLOSED; off a team, 404.
 */
export async function recordCheckIn(
  ctx: TrackerContext,
  userId: number,
  answer: { day: string; answer: 'yes' | 'not-today'; note?: string | null; givenAt?: string },
  tx: Db = ctx.database.db,
): Promise<CheckIn> {
  const member = await memberOnTeam(ctx, userId, tx);
  if (member === null) throw notOnTeam();
  const now = ctx.trackerConfig.now();
  const open = openDays(now, memberTimeZone(member.user));
  if (!open.some((d) => d.day === answer.day)) {
    throw new HttpError('CHECK_IN_CLOSED', CHECK_IN_MESSAGES.closed);
  }
  const note = answer.note?.trim() ? answer.note.trim() : null;
  const done = answer.answer === 'yes';
  const given = answer.givenAt === undefined ? null : givenAtOf(answer.givenAt, now);
  // Teammates' cheers stay stored through a change to Not today (shown again with a Yes).
  const row = await ctx.repos.checkIns.upsert(
    given === null
      ? { userId, day: answer.day, done, note, at: now }
      : // A kept answer counts from when it was given: a later one kept elsewhere still wins.
        { userId, day: answer.day, done, note, at: given, unlessNewerThan: given },
    tx,
  );
  if (row === null) {
    const stored = await ctx.repos.checkIns.on(userId, answer.day, tx);
    if (stored === null) throw new Error('a newer check-in was found, then not');
    throw new HttpError(
      'CHECK_IN_NEWER',
      CHECK_IN_MESSAGES.newerAnswerKept(dayInWords(answer.day)),
      {
        checkIn: toCheckIn(stored),
      },
    );
  }
  ctx.trackerMetrics.checkIns.inc();
  return toCheckIn(row);
}

/**
 * When a kept answer was given, on the tracker's clock: a device's clock a little ahead counts as
 * now; further ahead is refused (nothing is changed), as is a time that is no time at all.
 */
function givenAtOf(givenAt: string, now: Date): Date {
  const given = new Date(givenAt);
  if (Number.isNaN(given.getTime())) {
    throw validationError([{ path: ['givenAt'], message: CHECK_IN_MESSAGES.givenAtFormat }]);
  }
  if (given.getTime() > now.getTime() + GIVEN_AT_SKEW_MINUTES * 60_000) {
    throw validationError([{ path: ['givenAt'], message: CHECK_IN_MESSAGES.givenAtFuture }]);
  }
  return given.getTime() > now.getTime() ? now : given;
}

/** One day of a member's row on the board, as the day rules (DAY_RULES) decide it. */
function boardDay(day: string, input: DayInput): BoardDay {
  const state = dayStateOf(day, input);
  return {
    day,
    answer: state === 'yes' || state === 'not-today' ? state : null,
    beforeJoining: state === 'before-joining',
    paused: state === 'paused',
  };
}

const photoUrl = (key: string | null) => (key === null ? null : `${UPLOADS_PATH}/${key}`);

/**
 * The team's board as one of its members sees it at the tracker's now. Anyone who is not an
 * Active member of this team (another team's member, an applicant) gets 404, as if there were no
 * such team.
 */
export async function teamBoard(
  ctx: TrackerContext,
  viewerId: number,
  teamId: number,
): Promise<TeamBoard> {
  const now = ctx.trackerConfig.now();
  // The board's days end on the viewer's today; each member's own today can be a day after it,
  // and their week can start up to a week before the board's first day. Whatever the viewer's
  // zone, that is within the days from the earliest today on Earth's to the day after the latest
  // one's: the teammates (the viewer among them, else no such team for them), with when each
  // joined (joinedDay: their approval, their membership, their first answer), their pauses, those
  // days' answers and the viewer's nudges on them, in one statement; with the cheers and replies
  // of the answers from the earliest today on (each member's today is among them).
  const earliest = localDay(now, EARLIEST_ZONE);
  const latest = localDay(now, LATEST_ZONE);
  const read = await ctx.repos.members.board(teamId, {
    viewerId,
    first:
      [shiftDay(earliest, 1 - BOARD_DAYS), weekStartOf(shiftDay(earliest, -1))].sort()[0] ??
      earliest,
    last: shiftDay(latest, 1),
    reactFrom: earliest,
  });
  const viewer = read.find((mate) => mate.user.id === viewerId);
  if (viewer === undefined) throw new HttpError('TEAM_NOT_FOUND', 'No such team.');
  const viewerZone = memberTimeZone(viewer.user);
  const today = localDay(now, viewerZone);
  const days = Array.from({ length: BOARD_DAYS }, (_, i) => shiftDay(today, i - BOARD_DAYS + 1));
  // The viewer's days: from the earlier of the board's first day and the week's start of the day
  // before today, to the day after today.
  const first = [days[0] ?? today, weekStartOf(shiftDay(today, -1))].sort()[0] ?? today;
  const last = shiftDay(today, 1);
  const mates = read.map((mate) => ({
    ...mate,
    checkIns: mate.checkIns.filter((row) => row.day >= first && row.day <= last),
    nudged: mate.nudgedOn.includes(today),
  }));
  const team = { id: teamId, name: viewer.team };
  const todayRows = new Map(
    mates.flatMap(({ user, checkIns }) => {
      const theirToday = localDay(now, memberTimeZone(user));
      const row = checkIns.find((r) => r.day === theirToday);
      return row ? [[user.id, row] as const] : [];
    }),
  );
  return {
    team: { id: team.id, name: team.name },
    today,
    timeZone: viewerZone,
    perWeek: CHECK_INS_PER_WEEK,
    days,
    members: mates.map(({ user, joinedAt, approvedAt, firstAnswer, pauses, checkIns, nudged }) => {
      const own = user.id === viewerId;
      const zone = memberTimeZone(user);
      const joined = joinedDay(approvedAt ?? joinedAt, firstAnswer ?? undefined, zone);
      const theirToday = localDay(now, zone);
      const weekStart = weekStartOf(theirToday);
      const theirs = checkIns;
      const todayRow = todayRows.get(user.id);
      const nudgedToday = nudged;
      const pausedNow = pauseOn(pauses, theirToday);
      // The board's days through the day rules (contracts DAY_RULES), up to the viewer's today.
      // It shows answers, days before joining and paused days: other days show as unanswered.
      const dayInput: DayInput = {
        answers: new Map(theirs.map((r) => [r.day, r.done ? 'yes' : 'not-today'] as const)),
        weekdays: [],
        from: joined,
        today,
        open: new Set(),
        paused: pausedDaysIn(pauses, days[0] ?? today, shiftDay(today, 1)),
      };
      return {
        id: user.id,
        name: user.name,
        photo: photoUrl(user.image),
        goalSummary: user.goalSummary ?? '',
        own,
        timeZone: zone,
        pausedUntil: pausedNow?.until ?? null,
        today: {
          day: theirToday,
          checkIn: todayRow ? toCheckIn(todayRow) : null,
          reactions: reactionsSeen(todayRow?.cheers ?? [], todayRow?.replies ?? [], viewerId),
        },
        weekYes: theirs.filter((r) => r.done && r.day >= weekStart && r.day <= theirToday).length,
        days: days.map((day) => boardDay(day, dayInput)),
        // A paused teammate is not asked.
        canNudge: !own && !nudgedToday && todayRow === undefined && pausedNow === null,
        nudgedToday,
      };
    }),
  };
}

/**
 * Sends a teammate one gentle nudge by email: at most one per pair per day (the sender's day).
 * The nudge's row and its mail are written in one transaction, and the row's unique key, not a
 * look beforehand, is what stops a second one, so two at once send one email.
 */
export async function nudgeTeammate(
  ctx: TrackerContext,
  fromId: number,
  teamId: number,
  toId: number,
) {
  const sender = await memberOnTeam(ctx, fromId);
  if (sender === null || sender.teamId !== teamId)
    throw new HttpError('TEAM_NOT_FOUND', 'No such team.');
  if (toId === fromId) {
    throw new HttpError('VALIDATION_ERROR', CHECK_IN_MESSAGES.ownNudge);
  }
  const mate = await memberOnTeam(ctx, toId);
  if (mate === null || mate.teamId !== teamId) throw notFound('Teammate');
  const now = ctx.trackerConfig.now();
  const mateToday = localDay(now, memberTimeZone(mate.user));
  const pause = pauseOn((await pausesOf(ctx, [toId])).get(toId), mateToday);
  if (pause !== null) {
    throw new HttpError(
      'TEAMMATE_PAUSED',
      CHECK_IN_MESSAGES.teammatePaused(mate.user.name, dayInWords(pause.until)),
    );
  }
  if ((await checkInOn(ctx, toId, mateToday)) !== null) {
    throw new HttpError('CHECKED_IN_ALREADY', CHECK_IN_MESSAGES.checkedInAlready(mate.user.name));
  }
  const day = localDay(now, memberTimeZone(sender.user));
  const team = await ctx.repos.teams.nameOf(teamId);
  const sentNow = await ctx.database.db.transaction(async (tx) => {
    if ((await nudgesOff(tx, [toId])).has(toId)) {
      throw new HttpError('NUDGES_OFF', MAIL_TEXTS.nudgesOff(mate.user.name));
    }
    const made = await ctx.repos.nudges.insert(
      { fromUserId: fromId, toUserId: toId, teamId, day, createdAt: now },
      tx,
    );
    if (!made) return false;
    const stop = await unsubscribeLink(ctx, tx, toId, 'nudges');
    await ctx.repos.outbox.enqueue(
      {
        kind: 'nudge',
        to: mate.user.email,
        subject: NUDGE_TEXT,
        text: [
          `Hi ${oneLine(mate.user.name)},`,
          '',
          NUDGE_TEXT,
          '',
          `${oneLine(sender.user.name)} of Team ${oneLine(team?.name ?? '')} sent you this nudge. Answer Yes or Not today on your home, it takes ten seconds:`,
          '',
          `${ctx.trackerConfig.publicUrl}/`,
          '',
          `Stop nudges by email: ${stop.url}`,
        ].join('\n'),
        headers: stop.headers,
      },
      tx,
    );
    return true;
  });
  if (!sentNow) {
    throw new HttpError('NUDGED_ALREADY', CHECK_IN_MESSAGES.nudgedAlready(mate.user.name));
  }
  ctx.mailer.kick();
  return { to: toId, day };
}
