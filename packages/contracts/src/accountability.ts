import * as z from 'zod/mini';
import { TimeZoneField } from './check-ins.ts';

/**
 * The accountability loop's shapes: the team's twice-weekly call and the daily reminder, with the
 * links a reminder mail carries.
 */

/** The synchronous check-ins: twice weekly, 15-30 minutes each (spec 9). */
export const CALLS_PER_WEEK = 2;
export const CALL_MINUTES = { min: 15, max: 30 } as const;
/** Reminders by default: Monday to Friday at 18:00 on the member's own clock. */
export const REMINDER_DEFAULTS = { weekdays: [1, 2, 3, 4, 5], time: '18:00' } as const;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A day of the week: 0 = Sunday ... 6 = Saturday. */
export const Weekday = z.coerce
  .number({ error: 'Choose a day of the week' })
  .check(
    z.int('Choose a day of the week'),
    z.gte(0, 'Choose a day of the week'),
    z.lte(6, 'Choose a day of the week'),
  );

/** A time of day on a 24-hour clock, "HH:MM". */
export const ClockTime = z
  .string({ error: 'Enter a time such as 18:00' })
  .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 18:00'));

export function minuteOfDay(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export function clockTimeOf(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

export const CallSlot = z.object({ weekday: Weekday, time: ClockTime });
export type CallSlot = z.infer<typeof CallSlot>;

/** What an operator sets for a team's calls. */
export const TeamCallForm = z.object({
  timeZone: TimeZoneField,
  slots: z.tuple([CallSlot, CallSlot], { error: 'Set both weekly times' }),
  durationMinutes: z.coerce
    .number({ error: `A call takes ${CALL_MINUTES.min} to ${CALL_MINUTES.max} minutes` })
    .check(
      z.int(`A call takes ${CALL_MINUTES.min} to ${CALL_MINUTES.max} minutes`),
      z.gte(CALL_MINUTES.min, `A call takes ${CALL_MINUTES.min} to ${CALL_MINUTES.max} minutes`),
      z.lte(CALL_MINUTES.max, `A call takes ${CALL_MINUTES.min} to ${CALL_MINUTES.max} minutes`),
    ),
  meetingUrl: z.pipe(
    z
      .string({ error: 'Enter the meeting link (https://…)' })
      .check(z.trim(), z.maxLength(500, 'The meeting link must be at most 500 characters')),
    z.url({ protocol: /^https?$/, error: 'Enter the meeting link (https://…)' }),
  ),
});
export type TeamCallForm = z.infer<typeof TeamCallForm>;

/** The calls as the tracker answers them (what TeamCallForm gives once read). */
export const TeamCall = z.object({
  timeZone: z.string(),
  slots: z.tuple([
    z.object({ weekday: z.number(), time: z.string() }),
    z.object({ weekday: z.number(), time: z.string() }),
  ]),
  durationMinutes: z.number(),
  meetingUrl: z.string(),
});
export type TeamCall = z.infer<typeof TeamCall>;

/** A team's calls as the console shows them: null until an operator sets them. */
export const ConsoleTeamCall = z.object({
  team: z.object({ id: z.number(), name: z.string() }),
  call: z.nullable(TeamCall),
});
export type ConsoleTeamCall = z.infer<typeof ConsoleTeamCall>;

/** A teammate and whether they come to the calls. */
export const CallAttendee = z.object({ id: z.number(), name: z.string(), coming: z.boolean() });
export type CallAttendee = z.infer<typeof CallAttendee>;

/** The team's calls as a member sees them. */
export const MemberCall = z.object({
  timeZone: z.string(),
  durationMinutes: z.number(),
  meetingUrl: z.string(),
  /** Each weekly time with its next start (an instant the browser shows in the member's zone). */
  slots: z.array(z.object({ weekday: z.number(), time: z.string(), next: z.iso.datetime() })),
  /** Whether this member comes (false once they bowed out). */
  coming: z.boolean(),
  attendees: z.array(CallAttendee),
});
export type MemberCall = z.infer<typeof MemberCall>;

export const CallAttendance = z.object({
  coming: z.boolean({ error: 'Say whether you come to the calls' }),
});
export type CallAttendance = z.infer<typeof CallAttendance>;

/** When and whether the member is reminded to check in. */
export const ReminderSettingsForm = z
  .object({
    enabled: z.boolean({ error: 'Say whether you want reminders' }),
    time: ClockTime,
    weekdays: z.array(Weekday, { error: 'Choose at least one day' }).check(
      z.maxLength(7),
      z.refine((days) => new Set(days).size === days.length, 'Choose each day once'),
    ),
  })
  .check(
    z.refine((form) => !form.enabled || form.weekdays.length > 0, {
      message: 'Choose at least one day',
      path: ['weekdays'],
    }),
  );
export type ReminderSettingsForm = z.infer<typeof ReminderSettingsForm>;
export const ReminderSettings = z.object({
  enabled: z.boolean(),
  time: z.string(),
  weekdays: z.array(z.number()),
  /** The zone the time is read in (the account's). */
  timeZone: z.string(),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** A token from a reminder mail's link. */
export const EmailLinkQuery = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const EmailLinkBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const UnsubscribeAnswer = z.object({ message: z.string() });

/** What a check-in link answers, before anyone presses the button. */
export const CheckInLink = z.object({
  answer: z.enum(['yes', 'no']),
  /** The member's day it answers for, YYYY-MM-DD. */
  date: z.iso.date(),
  state: z.enum(['ready', 'used', 'expired']),
});
export type CheckInLink = z.infer<typeof CheckInLink>;
export const CheckInLinkAnswer = z.object({ message: z.string() });
