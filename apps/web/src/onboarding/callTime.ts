import { BOOKING_TIME_ZONE } from '@app/contracts';

export interface CallTimeText {
  /** e.g. 'Thursday, January 2, 2031 at 1:00 PM Mountain Time' */
  mountain: string;
  /** The same instant in the visitor's own time zone, or null when that zone is Mountain Time. */
  local: string | null;
}

const dateOptions: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};
const timeOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

// Newer ICU data puts a narrow no-break space before AM/PM; the spec's text is '1:00 PM'.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function parts(instant: Date, timeZone: string) {
  return {
    date: new Intl.DateTimeFormat('en-US', { ...dateOptions, timeZone }).format(instant),
    time: plainSpaces(
      new Intl.DateTimeFormat('en-US', { ...timeOptions, timeZone }).format(instant),
    ),
  };
}

/**
 * The info call's time as the spec states it (Mountain Time) and in the visitor's own zone,
 * so nobody has to convert time zones in their head.
 */
export function describeCallTime(iso: string, visitorTimeZone: string): CallTimeText | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const mountain = parts(instant, BOOKING_TIME_ZONE);
  const sameZone =
    new Intl.DateTimeFormat('en-US', { timeZone: visitorTimeZone }).resolvedOptions().timeZone ===
    new Intl.DateTimeFormat('en-US', { timeZone: BOOKING_TIME_ZONE }).resolvedOptions().timeZone;
  let local: string | null = null;
  if (!sameZone) {
    const own = parts(instant, visitorTimeZone);
    const zoneName =
      new Intl.DateTimeFormat('en-US', { timeZone: visitorTimeZone, timeZoneName: 'long' })
        .formatToParts(instant)
        .find((part) => part.type === 'timeZoneName')?.value ?? visitorTimeZone;
    local = `${own.date} at ${own.time} ${zoneName}`;
  }
  return { mountain: `${mountain.date} at ${mountain.time} Mountain Time`, local };
}

export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
