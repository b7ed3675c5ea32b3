/**
 * Wall-clock arithmetic in a named time zone (through @date-fns/tz), shared by the tracker's
 * booking schedule and the browser's fallback booking date so both agree across daylight saving.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

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
  // A zone the runtime does not know has no offset (NaN): every field is NaN, as TZDate gives.
  const offset = offsetAt(instant, timeZone);
  const at = new Date(instant + offset * 60_000);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
  };
}

/** How many answers a table of `kept` holds before it starts again. */
export const KEPT_AT_MOST = 20_000;

/** `key`'s value in `table`, worked out the first time it is asked for and kept. */
export function kept<T>(table: Map<string, T>, key: string, workOut: () => T): T {
  const known = table.get(key);
  if (known !== undefined) return known;
  const value = workOut();
  if (table.size >= KEPT_AT_MOST) table.clear();
  table.set(key, value);
  return value;
}

/** A quarter of an hour in ms: the zones change their clocks on one. */
const QUARTER_HOUR = 900_000;
/** Each zone's offset for each quarter of an hour of UTC asked for (NaN: it changes within). */
const quarterOffsets = new Map<string, number>();

/**
 * The zone's offset from UTC at `instant`, in minutes (tzOffset; NaN for a zone the runtime does
 * not know). Asking the runtime's time-zone data formats a date each time, and a member's home
 * asks for the same few zones around the same now many times: a quarter of an hour's offset is
 * kept when its start and its end agree (so no change of the clocks falls within it); within one
 * that holds a change, or for a zone with no offset, it is asked every time.
 */
function offsetAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const offset = kept(quarterOffsets, `${timeZone}@${quarter}`, () => {
    const start = tzOffset(timeZone, new Date(quarter * QUARTER_HOUR));
    const end = tzOffset(timeZone, new Date((quarter + 1) * QUARTER_HOUR - 1));
    return start === end ? start : Number.NaN;
  });
  return Number.isNaN(offset) ? tzOffset(timeZone, new Date(instant)) : offset;
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
