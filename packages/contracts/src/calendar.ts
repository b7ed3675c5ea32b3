import ical, { ICalCalendarMethod } from 'ical-generator';
import { BOOKING_HOUR, BOOKING_TIME_ZONE } from './constants.ts';
import { wallClockAt, zonedInstant } from './zoned-time.ts';

/** How long an info call is planned to take, in minutes. */
export const INFO_CALL_MINUTES = 30;

export const INFO_CALL_TITLE = 'More info call with Accountability Partners';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The info call booked for the day of `date` (an ISO instant from the booking calendar) as an
 * iCalendar file (ical-generator): 1:00 PM America/Denver on that day. The start and end are
 * written as UTC instants worked out from the zone's own rules (@date-fns/tz), so every calendar
 * shows the call at the right time in its own zone, with no time-zone definitions to keep. The
 * same file is offered on the maybe-submitted screen and attached to the booking confirmation
 * email. Returns null for an unreadable date.
 */
export function infoCallCalendar(date: string, now: number = Date.now()): string | null {
  const instant = new Date(date).getTime();
  if (Number.isNaN(instant)) return null;
  const day = wallClockAt(instant, BOOKING_TIME_ZONE);
  const start = zonedInstant(day, BOOKING_HOUR, BOOKING_TIME_ZONE);
  const calendar = ical({
    prodId: { company: 'Accountability Partners', product: 'Info call', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `info-call-${day.year}${pad(day.month)}${pad(day.day)}@accountability-partners`,
    stamp: new Date(now),
    start,
    end: new Date(start.getTime() + INFO_CALL_MINUTES * 60_000),
    summary: INFO_CALL_TITLE,
    description:
      'Your info call about joining an accountability team. We will call you at the number you gave when booking.',
  });
  // Every iCalendar line ends with CRLF, the last one too (RFC 5545 section 3.1).
  return `${calendar.toString()}\r\n`;
}
