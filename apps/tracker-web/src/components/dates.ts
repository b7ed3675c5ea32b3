/** 'Monday, June 3': the day a promised answer falls on, in the member's own time zone. */
export function weekdayMonthDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

/** An instant on this device's clock, date and time: 'Jun 3, 2025, 1:22 PM'. */
export function dateAndTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** 'June 3, 2025'. */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) in words, as it is, whatever the browser's zone. */
function dayFormat(day: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** '2026-11-02' -> 'Monday, November 2'. */
export const dayInWords = (day: string) =>
  dayFormat(day, { weekday: 'long', month: 'long', day: 'numeric' });

/** '2026-11-02' -> 'Mon'. */
export const shortWeekday = (day: string) => dayFormat(day, { weekday: 'short' });

/** '2026-11-02' -> '2'. */
export const dayOfMonth = (day: string) => String(Number(day.slice(8, 10)));

/** The time of an instant in a time zone: '6:05 PM'. */
export function timeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}
