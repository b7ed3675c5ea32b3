import { BOOKING_HOUR, BOOKING_TIME_ZONE } from './constants.ts';
import { wallClockAt } from './zoned-time.ts';

/** How long an info call is planned to take, in minutes. */
export const INFO_CALL_MINUTES = 30;

export const INFO_CALL_TITLE = 'More info call with Accountability Partners';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** America/Denver's rules since 2007, for calendars that do not know the zone by name. */
const DENVER_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Denver',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0600',
  'TZNAME:MDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0700',
  'TZNAME:MST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Escapes text for an iCalendar TEXT value (RFC 5545 section 3.3.11). */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/**
 * The info call booked for the day of `date` (an ISO instant from the booking calendar) as an
 * iCalendar file: 1:00 PM America/Denver on that day in Mountain Time, whatever the zone of the
 * calendar it is added to. The same file is offered on the maybe-submitted screen and attached to
 * the booking confirmation email. Returns null for an unreadable date.
 */
export function infoCallCalendar(date: string, now: number = Date.now()): string | null {
  const instant = new Date(date).getTime();
  if (Number.isNaN(instant)) return null;
  const day = wallClockAt(instant, BOOKING_TIME_ZONE);
  const ymd = `${day.year}${pad(day.month)}${pad(day.day)}`;
  const start = BOOKING_HOUR * 60;
  const end = start + INFO_CALL_MINUTES;
  const at = (minutes: number) => `${ymd}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Accountability Partners//Info call//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...DENVER_TIMEZONE,
    'BEGIN:VEVENT',
    `UID:info-call-${ymd}@accountability-partners`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${BOOKING_TIME_ZONE}:${at(start)}`,
    `DTEND;TZID=${BOOKING_TIME_ZONE}:${at(end)}`,
    `SUMMARY:${text(INFO_CALL_TITLE)}`,
    `DESCRIPTION:${text('Your info call about joining an accountability team. We will call you at the number you gave when booking.')}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // iCalendar lines end with CRLF.
  return `${lines.join('\r\n')}\r\n`;
}
