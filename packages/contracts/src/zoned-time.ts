/**
 * Wall-clock arithmetic in a named time zone (through @date-fns/tz), shared by the tracker's
 * booking schedule and the browser's fallback booking date so both agree across daylight saving.
 */
import { TZDate } from '@date-fns/tz';

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** What the clocks in `timeZone` read at `instant` (ms since the epoch). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const at = new TZDate(instant, timeZone);
  return {
    year: at.getFullYear(),
    month: at.getMonth() + 1,
    day: at.getDate(),
    hour: at.getHours(),
    minute: at.getMinutes(),
    second: at.getSeconds(),
  };
}

/**
 * The instant at which the clocks in `timeZone` read `hour`:`minute` on `date` (a time the clocks
 * skip when they spring forward is read as the same time after the change).
 */
export function zonedInstant(date: CalendarDate, hour: number, timeZone: string, minute = 0): Date {
  return new Date(
    new TZDate(date.year, date.month - 1, date.day, hour, minute, timeZone).getTime(),
  );
}

/** The calendar date `days` after `date` (negative goes back), with its weekday (0 = Sunday). */
export function addCalendarDays(
  date: CalendarDate,
  days: number,
): CalendarDate & { weekday: number } {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}
