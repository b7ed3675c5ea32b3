import {
  addCalendarDays,
  BOOKING_HOUR,
  BOOKING_TIME_ZONE,
  wallClockAt,
  zonedInstant,
} from '@app/contracts';

/** Weekdays as Date#getUTCDay numbers: 0 = Sunday ... 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The next info-call slot strictly after `now`: the first scheduled weekday (in the zone's own
 * calendar) whose slot time has not yet passed.
 */
export function nextSlot(
  now: Date,
  weekdays: readonly Weekday[],
  hour = BOOKING_HOUR,
  timeZone = BOOKING_TIME_ZONE,
): Date {
  if (weekdays.length === 0) throw new Error('The booking schedule has no weekdays');
  return nextLocalTime(now, weekdays, hour * 60, timeZone);
}

/**
 * The first instant strictly after `now` at which the clocks in `timeZone` read `minuteOfDay`
 * (minutes after midnight) on one of `weekdays` of that zone's own calendar. Worked out day by day
 * from the zone's rules, so it stays at the same local time on both sides of a daylight-saving
 * change.
 */
export function nextLocalTime(
  now: Date,
  weekdays: readonly number[],
  minuteOfDay: number,
  timeZone: string,
): Date {
  const today = wallClockAt(now.getTime(), timeZone);
  for (let offset = 0; offset <= 8; offset++) {
    const date = addCalendarDays(today, offset);
    if (!weekdays.includes(date.weekday)) continue;
    const slot = zonedInstant(date, Math.floor(minuteOfDay / 60), timeZone, minuteOfDay % 60);
    if (slot.getTime() > now.getTime()) return slot;
  }
  throw new Error('no weekday to schedule on');
}

/** The calendar date the clocks in `timeZone` show at `instant`, as YYYY-MM-DD. */
export function localDateOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The instant the day after `date` (YYYY-MM-DD) begins in `timeZone`, plus `hours`. */
export function afterLocalDay(date: string, timeZone: string, hours = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const next = addCalendarDays({ year, month, day }, 1);
  return zonedInstant(next, hours, timeZone);
}

/**
 * A turn for the event loop: requests, timers and, on PGlite, the readiness check's query are
 * served before the caller goes on. The schedules take one between two transactions, never
 * inside one (a transaction holds PGlite's only connection until it ends).
 *
 * The caller goes on in the loop's next timers phase (setTimeout), so every phase has its turn
 * first. With setImmediate it went on in the same turn's check phase: a schedule started from a
 * request or a query's answer (the poll phase) ran its first two batches with no timer served
 * between them (at 10,000 members, the quiet spells' first two batches held timers 58-72 ms).
 */
export const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
