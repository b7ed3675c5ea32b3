/**
 * The daily check-in and the team board: the member's time zone, the local day rules, the shapes
 * the front door answers with, and its endpoints. The day arithmetic is shared by the tracker
 * (which decides) and the browser (which only shows what the tracker decided and words it).
 */
import * as z from 'zod/mini';
import { BOOKING_TIME_ZONE } from './constants.ts';
import { endpoint } from './endpoints.ts';
import { lineBreaksAsSpaces } from './text.ts';
import {
  addCalendarDays,
  type CalendarDate,
  kept,
  wallClockAt,
  zonedInstant,
} from './zoned-time.ts';

/** The member commits to follow up this many days a week (spec 9). */
export const CHECK_INS_PER_WEEK = 5;
/** Yesterday's check-in can still be given until this hour of the member's today (12:00). */
export const CHECK_IN_GRACE_HOUR = 12;
/** The longest note a check-in takes, in characters. */
export const CHECK_IN_NOTE_MAX = 280;
/** The longest reply to a teammate's check-in note, in characters. */
export const CHECK_IN_REPLY_MAX = 280;
/** How many days back the home lists the cheers and replies the member's check-ins got. */
export const REACTION_DAYS = 14;
/** How many weeks the member's calendar on their home shows, this one included. */
export const CALENDAR_WEEKS = 12;
/** A member can pause their check-ins for 1 to this many weeks at a time. */
export const PAUSE_WEEKS_MAX = 4;
/**
 * How many pauses a member can start in one calendar quarter (January to March, ...), on their
 * own calendar; a pause ended early or taken back still counts.
 */
export const PAUSES_PER_QUARTER = 2;
/** How many days the team board shows, today included. */
export const BOARD_DAYS = 14;
/**
 * The zone of a member who has not told us theirs yet: the product's own, where its info calls
 * are held (Mountain Time).
 */
export const DEFAULT_TIME_ZONE = BOOKING_TIME_ZONE;

export const CHECK_IN_QUESTION = 'Did you do that thing today?';
export const CHECK_IN_QUESTION_YESTERDAY = 'Did you do that thing yesterday?';
export const NUDGE_TEXT = 'Your team is asking: did you do that thing today?';

export const CHECK_IN_MESSAGES = {
  closed: 'You can check in for today, and for yesterday until noon.',
  notOnTeam: 'You are not on a team.',
  nudgedAlready: (name: string) => `You have nudged ${name} today already.`,
  checkedInAlready: (name: string) => `${name} has checked in today already.`,
  ownNudge: 'You cannot nudge yourself.',
  chooseTimeZone: 'Choose a time zone from the list',
  noteTooLong: `A note can be at most ${CHECK_IN_NOTE_MAX} characters`,
  chooseAnswer: 'Choose Yes or Not today',
  writeReply: 'Write a reply first',
  replyTooLong: `A reply can be at most ${CHECK_IN_REPLY_MAX} characters`,
  noCheckIn: (name: string, day: string) => `${name} has not checked in on ${day}.`,
  cheerYesOnly: 'Only a Yes check-in can be cheered.',
  ownCheer: 'You cannot cheer your own check-in.',
  noNote: 'This check-in has no note to reply to.',
  choosePause: `Choose a pause of 1 to ${PAUSE_WEEKS_MAX} weeks`,
  teammatePaused: (name: string, until: string) =>
    `${name} has paused until ${until}: no nudges until then.`,
  pausedAlready: (until: string) =>
    `You are paused until ${until} already. Come back first to start a new pause.`,
  givenAtFormat: 'The time the answer was given, as an ISO date and time with its offset',
  givenAtFuture: 'The time the answer was given is later than now: check the device’s clock',
  newerAnswerKept: (day: string) =>
    `A newer answer for ${day} was given after this one: the newer answer is kept.`,
  pauseLimit: (from: string) =>
    `You have started ${PAUSES_PER_QUARTER} pauses this quarter, the most a quarter allows. You can pause again from ${from}.`,
} as const;

/**
 * The zone's canonical spelling when `value` is an IANA time zone name the platform knows
 * ("Europe/Berlin", "UTC"), else null. Offsets ("+02:00") and abbreviations ("MST") are refused:
 * they do not follow daylight saving.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TimeZoneField = z.pipe(
  z
    .string({ error: CHECK_IN_MESSAGES.chooseTimeZone })
    .check(z.trim(), z.maxLength(64, CHECK_IN_MESSAGES.chooseTimeZone)),
  z.transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.issues.push({ code: 'custom', message: CHECK_IN_MESSAGES.chooseTimeZone, input: value });
      return z.NEVER;
    }
    return zone;
  }),
);

/** A calendar date as the database and the API write it: YYYY-MM-DD. */
export const LocalDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'A date as YYYY-MM-DD'),
);

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDay(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function parseDay(day: string): CalendarDate {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return { year, month, day: date };
}

/**
 * The day after each day asked for, and each day's weekday, kept once worked out: a member's
 * streaks walk every day of their history one at a time, asking both of each day, and working a
 * day out (split, a Date, the text again) was a fifth of the processor time of a home read with a
 * year of history. The days asked for are few (one a calendar day, about 365 a year); past
 * KEPT_AT_MOST the tables start again.
 */
const nextDays = new Map<string, string>();
const weekdays = new Map<string, number>();

/** The day `days` after `day` (negative goes back). */
export function shiftDay(day: string, days: number): string {
  if (days === 1) {
    return kept(nextDays, day, () => formatDay(addCalendarDays(parseDay(day), 1)));
  }
  return formatDay(addCalendarDays(parseDay(day), days));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(day: string): number {
  return kept(weekdays, day, () => addCalendarDays(parseDay(day), 0).weekday);
}

/** The Monday of the week `day` is in (weeks run Monday to Sunday). */
export function weekStartOf(day: string): string {
  return shiftDay(day, -((weekdayOf(day) + 6) % 7));
}

/** The member's calendar date at `now` in `timeZone`. */
export function localDay(now: Date, timeZone: string): string {
  return formatDay(wallClockAt(now.getTime(), timeZone));
}

/**
 * Which days a member can check in for at `now`: today (until it ends) and, until noon, yesterday.
 * Each with the instant it closes.
 */
export function openDays(now: Date, timeZone: string) {
  const clock = wallClockAt(now.getTime(), timeZone);
  const today = formatDay(clock);
  const tomorrow = addCalendarDays(clock, 1);
  const days: { day: string; which: 'today' | 'yesterday'; closesAt: Date }[] = [
    { day: today, which: 'today', closesAt: zonedInstant(tomorrow, 0, timeZone) },
  ];
  const noon = zonedInstant(clock, CHECK_IN_GRACE_HOUR, timeZone);
  if (now.getTime() < noon.getTime()) {
    days.push({ day: shiftDay(today, -1), which: 'yesterday', closesAt: noon });
  }
  return days;
}

export const CheckInAnswer = z.enum(['yes', 'not-today'], {
  error: CHECK_IN_MESSAGES.chooseAnswer,
});
export type CheckInAnswer = z.infer<typeof CheckInAnswer>;

/** What the member sends: the day (as the tracker offered it), the answer and a note. */
/**
 * How far ahead of the tracker's clock a device's `givenAt` may be (its clock a little fast) before
 * the answer is refused as given in the future.
 */
export const GIVEN_AT_SKEW_MINUTES = 5;

export const CheckInForm = z.object({
  day: LocalDay,
  answer: CheckInAnswer,
  note: z._default(
    z.string().check(z.trim(), z.maxLength(CHECK_IN_NOTE_MAX, CHECK_IN_MESSAGES.noteTooLong)),
    '',
  ),
  /**
   * When the answer was given, for one kept on a device without a connection and sent later: the
   * tracker applies it only if the day's stored answer is not newer (else 412 CHECK_IN_NEWER).
   * Left out, the answer is applied as it comes (an answer given with a connection).
   */
  givenAt: z.optional(z.iso.datetime({ offset: true, error: CHECK_IN_MESSAGES.givenAtFormat })),
});
export type CheckInForm = z.input<typeof CheckInForm>;

export const CheckIn = z.object({
  day: LocalDay,
  answer: CheckInAnswer,
  note: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CheckIn = z.infer<typeof CheckIn>;

/**
 * The 412 answer to a kept answer (`givenAt`) when the day's stored answer was given after it:
 * nothing was changed, and `details.checkIn` is the answer the tracker keeps.
 */
export const NewerCheckInKept = z.object({
  code: z.literal('CHECK_IN_NEWER'),
  message: z.string(),
  details: z.object({ checkIn: CheckIn }),
});
export type NewerCheckInKept = z.infer<typeof NewerCheckInKept>;

/** Someone who cheered or replied, by name. */
export const Person = z.object({ id: z.number(), name: z.string() });
export type Person = z.infer<typeof Person>;

/** A teammate's reply to a check-in's note. */
export const CheckInReply = z.object({
  id: z.number(),
  author: Person,
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type CheckInReply = z.infer<typeof CheckInReply>;

/** Who cheered a check-in (oldest first) and whether the viewer is one of them. */
export const CheerState = z.object({ cheers: z.array(Person), cheeredByYou: z.boolean() });
export type CheerState = z.infer<typeof CheerState>;

/** A check-in's cheers and replies (both oldest first), as a teammate sees them. */
export const Reactions = z.extend(CheerState, { replies: z.array(CheckInReply) });
export type Reactions = z.infer<typeof Reactions>;

/** A reply as the member sends it: one short paragraph, line breaks made spaces. */
export const ReplyForm = z.object({
  text: z.pipe(
    z.pipe(
      z.string({ error: CHECK_IN_MESSAGES.writeReply }),
      z.transform((value) => lineBreaksAsSpaces(value).trim()),
    ),
    z
      .string()
      .check(
        z.minLength(1, CHECK_IN_MESSAGES.writeReply),
        z.maxLength(CHECK_IN_REPLY_MAX, CHECK_IN_MESSAGES.replyTooLong),
      ),
  ),
});
export type ReplyForm = z.input<typeof ReplyForm>;

/** One of the member's own check-ins that teammates cheered or replied to. */
export const ReactedCheckIn = z.object({
  day: LocalDay,
  answer: CheckInAnswer,
  note: z.nullable(z.string()),
  cheers: z.array(Person),
  replies: z.array(CheckInReply),
});
export type ReactedCheckIn = z.infer<typeof ReactedCheckIn>;

/** A day the member can answer for now, with their answer so far. */
export const OpenDay = z.object({
  day: LocalDay,
  which: z.enum(['today', 'yesterday']),
  closesAt: z.iso.datetime(),
  checkIn: z.nullable(CheckIn),
});
export type OpenDay = z.infer<typeof OpenDay>;

/**
 * What one of the member's days was, as their calendar shows it: answered Yes or Not today;
 * missed (a check-in day left unanswered that can no longer be answered); open (it can still be
 * answered); off (not one of their check-in days, unanswered); before they joined; paused
 * (unanswered while they had paused); or still to come.
 */
export const CalendarDayState = z.enum([
  'yes',
  'not-today',
  'missed',
  'open',
  'off',
  'before-joining',
  'paused',
  'future',
]);
export type CalendarDayState = z.infer<typeof CalendarDayState>;

/** A week of the member's calendar, Monday to Sunday, with its Yes answers. */
export const CalendarWeek = z.object({
  /** Its Monday. */
  start: LocalDay,
  days: z.array(z.object({ day: LocalDay, state: CalendarDayState })).check(z.length(7)),
  /** Yes answers that week: "N of CHECK_INS_PER_WEEK". */
  yes: z.number(),
});
export type CalendarWeek = z.infer<typeof CalendarWeek>;

/**
 * A pause of the member's check-ins: from its first day to its last, both on their calendar and
 * both included. Their seat is kept; reminders stop; an unanswered day in it is never a miss.
 */
export const Pause = z.object({ from: LocalDay, until: LocalDay });
export type Pause = z.infer<typeof Pause>;
export const PauseAnswer = z.object({ pause: z.nullable(Pause) });
export type PauseAnswer = z.infer<typeof PauseAnswer>;

/** How long to pause for, from today: whole weeks, 1 to PAUSE_WEEKS_MAX. */
export const PauseForm = z.object({
  weeks: z.coerce
    .number({ error: CHECK_IN_MESSAGES.choosePause })
    .check(
      z.int(CHECK_IN_MESSAGES.choosePause),
      z.gte(1, CHECK_IN_MESSAGES.choosePause),
      z.lte(PAUSE_WEEKS_MAX, CHECK_IN_MESSAGES.choosePause),
    ),
});
export type PauseForm = z.input<typeof PauseForm>;

/** The last day of a pause of `weeks` weeks that starts on `from`. */
export function pauseUntil(from: string, weeks: number): string {
  return shiftDay(from, 7 * weeks - 1);
}

/** The first and last day ('YYYY-MM-DD') of the calendar quarter `day` is in. */
export function quarterOf(day: string): { first: string; last: string } {
  const year = day.slice(0, 4);
  const startMonth = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3 + 1;
  const first = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const endMonth = startMonth + 2;
  const nextFirst =
    endMonth === 12
      ? `${Number(year) + 1}-01-01`
      : `${year}-${String(endMonth + 1).padStart(2, '0')}-01`;
  return { first, last: shiftDay(nextFirst, -1) };
}

/** The home's check-in card: the goal, the zone the days are counted in, the open days. */
export const CheckInStatus = z.object({
  goal: z.nullable(z.string()),
  timeZone: z.string(),
  /** Today first, then yesterday while it is still open. */
  days: z.array(OpenDay).check(z.minLength(1)),
  /** The member's runs of check-ins (contracts streaksOf; the rule is STREAK_RULE). */
  streaks: z.object({ current: z.number(), longest: z.number(), currentYes: z.number() }),
  /** Their pause going on now (today is in it), or null. */
  pause: z.nullable(Pause),
  /** Their last CALENDAR_WEEKS weeks, oldest first (contracts calendarOf). */
  calendar: z.array(CalendarWeek),
  /** Their check-ins of the last REACTION_DAYS that teammates cheered or replied to, newest first. */
  reactions: z.array(ReactedCheckIn),
});
export type CheckInStatus = z.infer<typeof CheckInStatus>;

export const TimeZoneForm = z.object({ timeZone: TimeZoneField });
export const TimeZoneAnswer = z.object({ timeZone: z.string() });

export const BoardDay = z.object({
  day: LocalDay,
  answer: z.nullable(CheckInAnswer),
  /** A day before the member joined the team: shown as such, never as a missed check-in. */
  beforeJoining: z.boolean(),
  /** A day the member had paused: shown as such, never as a missed check-in. */
  paused: z.boolean(),
});
export type BoardDay = z.infer<typeof BoardDay>;

export const BoardMember = z.object({
  id: z.number(),
  name: z.string(),
  photo: z.nullable(z.string()),
  goalSummary: z.string(),
  own: z.boolean(),
  timeZone: z.string(),
  /** The member's own today, their check-in for it and its cheers and replies. */
  today: z.object({ day: LocalDay, checkIn: z.nullable(CheckIn), reactions: Reactions }),
  /** The last day of the member's pause going on now (their calendar), or null. */
  pausedUntil: z.nullable(LocalDay),
  /** Yes answers in the member's current week (Monday to Sunday, their zone). */
  weekYes: z.number(),
  /** The board's days (the viewer's last BOARD_DAYS, oldest first) with this member's answer. */
  days: z.array(BoardDay),
  /** Whether the viewer can nudge this teammate now (once a day, before they check in). */
  canNudge: z.boolean(),
  /** Whether the viewer has nudged this teammate on the viewer's today. */
  nudgedToday: z.boolean(),
});
export type BoardMember = z.infer<typeof BoardMember>;

export const TeamBoard = z.object({
  team: z.object({ id: z.number(), name: z.string() }),
  /** The viewer's today in their zone: the last of the board's days. */
  today: LocalDay,
  timeZone: z.string(),
  perWeek: z.number(),
  days: z.array(LocalDay),
  members: z.array(BoardMember),
});
export type TeamBoard = z.infer<typeof TeamBoard>;

const RowId = z.coerce.number().check(z.int(), z.positive(), z.lte(2 ** 31 - 1));
export const BoardParams = z.object({ teamId: RowId });
export const NudgeParams = z.object({ teamId: RowId, userId: RowId });
export const NudgeAnswer = z.object({ to: z.number(), day: LocalDay });
/** A teammate's check-in: the team, the teammate and the day on their calendar. */
export const TeammateCheckInParams = z.object({ teamId: RowId, userId: RowId, day: LocalDay });

/**
 * How much one member may post in an hour, counted from the first in the window: replies and
 * cheers (a cheer taken back counts too), in all and on one check-in. Said in the API's summaries.
 */
export const POSTING_LIMITS = {
  repliesPerHour: 60,
  repliesPerCheckInPerHour: 10,
  cheersPerHour: 120,
  cheersPerCheckInPerHour: 10,
} as const;

export const CHECK_IN_API = {
  setTimeZone: endpoint({
    method: 'PUT',
    url: '/api/me/time-zone',
    summary: "Set the member's time zone (an IANA name); days and reminders follow it",
    schema: { body: TimeZoneForm, response: { 200: TimeZoneAnswer } },
  }),
  checkInStatus: endpoint({
    method: 'GET',
    url: '/api/me/check-ins',
    summary: 'Today (and yesterday until noon) with the answers given so far; 404 off a team',
    schema: { response: { 200: CheckInStatus } },
  }),
  checkIn: endpoint({
    method: 'PUT',
    url: '/api/me/check-ins',
    summary: `Answer Yes or Not today for today, or for yesterday until noon (again to change it). An answer kept offline and sent later carries givenAt: it is applied only if the day's stored answer is not newer, else 412 CHECK_IN_NEWER with the stored answer and nothing changed; a givenAt more than ${GIVEN_AT_SKEW_MINUTES} minutes ahead of the tracker's clock is 400`,
    schema: { body: CheckInForm, response: { 200: CheckIn, 412: NewerCheckInKept } },
  }),
  teamBoard: endpoint({
    method: 'GET',
    url: '/api/teams/:teamId/board',
    summary: "The team's check-ins: today, the last 14 days and this week (the team only)",
    schema: { params: BoardParams, response: { 200: TeamBoard } },
  }),
  nudge: endpoint({
    method: 'POST',
    url: '/api/teams/:teamId/members/:userId/nudge',
    summary: 'Email a teammate "did you do that thing today?" (once a day per teammate)',
    schema: { params: NudgeParams, response: { 201: NudgeAnswer } },
  }),
  cheer: endpoint({
    method: 'PUT',
    url: '/api/teams/:teamId/members/:userId/check-ins/:day/cheer',
    summary: `Cheer a teammate's Yes check-in (once per person; again changes nothing). At most ${POSTING_LIMITS.cheersPerHour} cheers and take-backs an hour, ${POSTING_LIMITS.cheersPerCheckInPerHour} on one check-in; past that 429 with Retry-After`,
    schema: { params: TeammateCheckInParams, response: { 200: CheerState } },
  }),
  uncheer: endpoint({
    method: 'DELETE',
    url: '/api/teams/:teamId/members/:userId/check-ins/:day/cheer',
    summary: `Take back your cheer of a check-in (counted with cheers: ${POSTING_LIMITS.cheersPerHour} an hour, ${POSTING_LIMITS.cheersPerCheckInPerHour} on one check-in)`,
    schema: { params: TeammateCheckInParams, response: { 200: CheerState } },
  }),
  reply: endpoint({
    method: 'POST',
    url: '/api/teams/:teamId/members/:userId/check-ins/:day/replies',
    summary: `Reply to a check-in's note (at most ${CHECK_IN_REPLY_MAX} characters), for the team to read. At most ${POSTING_LIMITS.repliesPerHour} replies an hour, ${POSTING_LIMITS.repliesPerCheckInPerHour} on one check-in; past that 429 with Retry-After`,
    schema: { params: TeammateCheckInParams, body: ReplyForm, response: { 201: CheckInReply } },
  }),
  pause: endpoint({
    method: 'PUT',
    url: '/api/me/pause',
    summary: `Pause check-ins for 1 to ${PAUSE_WEEKS_MAX} weeks from today: the seat is kept, reminders stop, and it ends on its own. At most ${PAUSES_PER_QUARTER} pauses a quarter (ended or taken back ones count); past that 409 PAUSE_LIMIT`,
    schema: { body: PauseForm, response: { 200: PauseAnswer } },
  }),
  endPause: endpoint({
    method: 'DELETE',
    url: '/api/me/pause',
    summary: 'End the pause going on now (from today the days count again)',
    schema: { response: { 200: PauseAnswer } },
  }),
} as const;
