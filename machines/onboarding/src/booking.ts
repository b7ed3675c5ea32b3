import {
  addCalendarDays,
  BOOKING_FALLBACK_DAYS,
  BOOKING_HOUR,
  BOOKING_TIME_ZONE,
  wallClockAt,
  zonedInstant,
} from '@app/contracts';

/**
 * The date shown when the next-date call fails (spec 8): today plus two days, at the info calls'
 * 1:00 PM Mountain Time (spec 9). "Today" is the calendar date in Mountain Time at `now`.
 */
export function fallbackBookingDate(now: number): string {
  const today = wallClockAt(now, BOOKING_TIME_ZONE);
  const target = addCalendarDays(today, BOOKING_FALLBACK_DAYS);
  return zonedInstant(target, BOOKING_HOUR, BOOKING_TIME_ZONE).toISOString();
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
