import { BOOKING_FALLBACK_DAYS, BOOKING_HOUR, BOOKING_TIME_ZONE } from '@app/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function partsIn(timeZone: string, instant: number): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

function calendarDateIn(timeZone: string, instant: number): CalendarDate {
  const parts = partsIn(timeZone, instant);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1 };
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function zoneOffset(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant when the wall clock in `timeZone` reads `hour`:00 on `date`. */
function wallClockInstant(timeZone: string, date: CalendarDate, hour: number): number {
  const naive = Date.UTC(date.year, date.month - 1, date.day, hour);
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = naive - zoneOffset(timeZone, naive);
  return naive - zoneOffset(timeZone, first);
}

/**
 * The date shown when the next-date call fails (spec 8): today plus two days, at the info calls'
 * 1:00 PM Mountain Time (spec 9). "Today" is the calendar date in Mountain Time at `now`.
 */
export function fallbackBookingDate(now: number): string {
  const today = calendarDateIn(BOOKING_TIME_ZONE, now);
  const noonUtc =
    Date.UTC(today.year, today.month - 1, today.day, 12) + BOOKING_FALLBACK_DAYS * DAY_MS;
  const target = new Date(noonUtc);
  const date = {
    year: target.getUTCFullYear(),
    month: target.getUTCMonth() + 1,
    day: target.getUTCDate(),
  };
  return new Date(wallClockInstant(BOOKING_TIME_ZONE, date, BOOKING_HOUR)).toISOString();
}

/** A booking date as the maybe step shows it, e.g. "Tuesday, November 24, 2026", in Mountain Time. */
export function formatBookingDate(iso: string, locale = 'en-US'): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  return new Intl.DateTimeFormat(locale, {
    timeZone: BOOKING_TIME_ZONE,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(instant));
}
