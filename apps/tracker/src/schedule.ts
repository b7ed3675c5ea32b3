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
  const today = wallClockAt(now.getTime(), timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const date = addCalendarDays(today, offset);
    if (!weekdays.includes(date.weekday as Weekday)) continue;
    const slot = zonedInstant(date, hour, timeZone);
    if (slot.getTime() > now.getTime()) return slot;
  }
  throw new Error('unreachable: every weekday recurs within 8 days');
}
