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
  const offset = offsetAt(instant, timeZone);
  if (Number.isNaN(offset)) {
    // A zone the runtime does not know: what TZDate makes of it (an invalid date's fields).
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

/** A zone's offsets are kept per quarter of an hour of UTC: the zones change on one. */
const QUARTER_HOUR = 15 * 60_000;
/** Kept offsets, at most MAX_KEPT_OFFSETS (then they start again): zone and quarter -> minutes. */
const keptOffsets = new Map<string, number>();
const MAX_KEPT_OFFSETS = 20_000;

/**
 * The zone's offset from UTC at `instant`, in minutes (tzOffset). Asking the runtime's time-zone
 * data costs a formatted date each time, and a member's home asks for the same few zones around
 * the same now many times: a quarter of an hour's offset is kept once its start and its end agree
 * (so no change of the clocks falls within it); one that holds a change is asked every time.
 */
function offsetAt(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const key = `${timeZone}@${quarter}`;
  const kept = keptOffsets.get(key);
  if (kept !== undefined) return kept;
  const start = quarter * QUARTER_HOUR;
  const first = tzOffset(timeZone, new Date(start));
  const last = tzOffset(timeZone, new Date(start + QUARTER_HOUR - 1));
  if (first !== last || Number.isNaN(first)) return tzOffset(timeZone, new Date(instant));
  if (keptOffsets.size >= MAX_KEPT_OFFSETS) keptOffsets.clear();
  keptOffsets.set(key, first);
  return first;
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
