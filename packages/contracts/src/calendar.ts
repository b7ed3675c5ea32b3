import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import { clockTimeOf, WEEKDAY_NAMES } from './accountability.ts';
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

const ICAL_DAYS = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
] as const;

/** A booked info call as the console's day file lists it. */
export interface BookedInfoCall {
  id: number;
  name: string;
  email: string;
  phone: string;
  category: string;
  /** The call's start, an ISO instant. */
  at: string;
}

/**
 * One day's booked info calls as an iCalendar file for the operator who takes them: an event per
 * call at its own instant (UTC, so any calendar shows it in its zone), named after the caller, with
 * the number to call and the address and area they gave.
 */
export function infoCallDayCalendar(calls: readonly BookedInfoCall[], now: Date): string {
  const calendar = ical({
    prodId: { company: 'Accountability Partners', product: 'Info calls', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: 'Info calls',
  });
  for (const call of calls) {
    const start = new Date(call.at);
    calendar.createEvent({
      id: `info-call-booking-${call.id}@accountability-partners`,
      stamp: now,
      start,
      end: new Date(start.getTime() + INFO_CALL_MINUTES * 60_000),
      summary: `Info call: ${call.name}`,
      description: `Call ${call.name} at ${call.phone}. Email: ${call.email}. Area: ${call.category}.`,
      location: call.phone,
    });
  }
  // Every iCalendar line ends with CRLF, the last one too (RFC 5545 section 3.1).
  return `${calendar.toString()}\r\n`;
}

/** A weekly call: a weekday (0 = Sunday) and a minute of the day in the team's zone. */
export interface WeeklyCall {
  weekday: number;
  minute: number;
  /** The first start on or after today, an instant (the series begins there). */
  firstStart: Date;
}

/** UTC date-time in iCalendar's basic form: 20261125T120000Z. */
const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * A team's weekly calls as an iCalendar file (ical-generator): one event per weekly time with
 * `RRULE:FREQ=WEEKLY;BYDAY=..`, its start and end written on the clocks of the team's zone
 * (`DTSTART;TZID=..`, a TZDate so ical-generator reads the zone's own wall clock) with the zone's
 * VTIMEZONE from `vtimezone`, so every calendar keeps the call at its local time across
 * daylight-saving changes.
 */
export function teamCallCalendar(input: {
  teamId: number;
  teamName: string;
  timeZone: string;
  durationMinutes: number;
  meetingUrl: string;
  calls: readonly WeeklyCall[];
  now: Date;
  vtimezone: (timeZone: string) => string | null;
}): string {
  const calendar = ical({
    prodId: { company: 'Accountability Partners', product: 'Team call', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: `Team ${input.teamName} calls`,
  });
  calendar.timezone({ name: input.timeZone, generator: input.vtimezone });
  input.calls.forEach((call, index) => {
    const start = new TZDate(call.firstStart.getTime(), input.timeZone);
    calendar.createEvent({
      id: `team-${input.teamId}-call-${index + 1}@accountability-partners`,
      stamp: input.now,
      start,
      end: new TZDate(start.getTime() + input.durationMinutes * 60_000, input.timeZone),
      timezone: input.timeZone,
      repeating: {
        freq: ICalEventRepeatingFreq.WEEKLY,
        byDay: [ICAL_DAYS[call.weekday] ?? ICalWeekday.MO],
      },
      summary: `Team ${input.teamName} call`,
      description: `Your team's weekly call, ${WEEKDAY_NAMES[call.weekday]}s at ${clockTimeOf(call.minute)} (${input.timeZone}). Join: ${input.meetingUrl}`,
      url: input.meetingUrl,
      location: input.meetingUrl,
    });
  });
  // ical-generator writes DTSTAMP on the zone's clock once an event has a zone; RFC 5545 section
  // 3.8.7.2 wants it in UTC.
  const text = calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${utcStamp(input.now)}`);
  // Every iCalendar line ends with CRLF, the last one too (RFC 5545 section 3.1).
  return `${text}\r\n`;
}
