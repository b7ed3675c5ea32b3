/**
 * Time zones chosen by the hour it is there now, so a test whose screens depend on the member's
 * local time (yesterday's check-in stays open until noon) sees the side of noon it means to test,
 * whatever the hour of the machine that runs it.
 */

/**
 * One zone for each whole-hour offset from UTC-11 to UTC+14: together they cover every hour of
 * the day at any instant. Offsets are computed at run time, so daylight saving time changes
 * nothing but which zone is picked.
 */
const ZONES = [
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
  'Pacific/Gambier',
  'Pacific/Pitcairn',
  'America/Phoenix',
  'America/Guatemala',
  'America/Bogota',
  'America/La_Paz',
  // Not America/Argentina/Buenos_Aires: browsers name that one America/Buenos_Aires, and the
  // home shows the name the browser gives.
  'America/Sao_Paulo',
  'America/Noronha',
  'Atlantic/Cape_Verde',
  'Africa/Abidjan',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Tashkent',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Pacific/Port_Moresby',
  'Pacific/Guadalcanal',
  'Pacific/Tarawa',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
] as const;

// The home shows the zone by the name the browser gives it: each zone here must be its own name.
for (const zone of ZONES) {
  const named = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  if (named !== zone) throw new Error(`${zone} is called ${named} by Intl: list it by that name`);
}

/** The hour (0-23) on the wall clock of `timeZone` at `now`. */
export function hourIn(timeZone: string, now: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  return Number(hour);
}

/**
 * A zone whose local hour at `now` lies in [from, to). Keep the range a few hours away from noon
 * and midnight, so a test that takes a couple of minutes does not cross either.
 */
export function zoneWhereTheHourIs(from: number, to: number, now: Date = new Date()): string {
  const zone = ZONES.find((candidate) => {
    const hour = hourIn(candidate, now);
    return hour >= from && hour < to;
  });
  if (zone === undefined)
    throw new Error(`no zone has an hour in [${from}, ${to}) at ${now.toISOString()}`);
  return zone;
}

/** Morning (yesterday's check-in still open) and afternoon (only today's) for the member. */
export const MORNING: readonly [number, number] = [2, 10];
export const AFTERNOON: readonly [number, number] = [14, 22];
