/**
 * Wall-clock arithmetic in a named time zone with nothing but Intl, shared by the tracker's
 * booking schedule and the browser's fallback booking date so both agree across daylight saving.
 */

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

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** What the clocks in `timeZone` read at `instant` (ms since the epoch). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in ms (Denver: -7 h in winter, -6 h in summer). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the clocks in `timeZone` read `hour`:00 on `date`. */
export function zonedInstant(date: CalendarDate, hour: number, timeZone: string): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, hour);
  // Two passes: the offset at the naive guess can differ from the one at the answer on the day
  // the clocks change. Whole hours in the afternoon are never skipped or repeated.
  const first = naive - offsetAt(naive, timeZone);
  return new Date(naive - offsetAt(first, timeZone));
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
