import { BOOKING_HOUR, BOOKING_TIME_ZONE } from '@app/contracts';

/** Weekdays as Date#getUTCDay numbers: 0 = Sunday ... 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms (Denver: -7 h in winter, -6 h in summer). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (instant % 1000));
}

/** The instant at which the zone's clocks read the given local date and hour. */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): Date {
  const naive = Date.UTC(year, month - 1, day, hour);
  // Two passes: the offset at the naive guess can differ from the one at the answer on the day
  // the clocks change. 13:00 is never inside a skipped or repeated hour.
  let instant = naive - offsetAt(naive, timeZone);
  instant = naive - offsetAt(instant, timeZone);
  return new Date(instant);
}

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
  const today = wallClock(now.getTime(), timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    if (!weekdays.includes(date.getUTCDay() as Weekday)) continue;
    const slot = zonedInstant(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      hour,
      timeZone,
    );
    if (slot.getTime() > now.getTime()) return slot;
  }
  throw new Error('unreachable: every weekday recurs within 8 days');
}
