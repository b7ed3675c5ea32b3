import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  localDay,
  openDays,
  shiftDay,
  weekdayOf,
  weekStartOf,
} from './check-ins.ts';

describe('the check-in days', () => {
  it('accept IANA zone names in their canonical spelling and nothing else', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('america/denver')).toBe('America/Denver');
    // Three parts are a zone name too (the platform may spell it the short way).
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['', 'MST', '+02:00', 'Mars/Olympus_Mons', 'Europe/Berlin\n', '../etc']) {
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });

  it('close today at the next local midnight, also on the day the clocks go back', () => {
    // Denver falls back on Sunday 1 November 2026: that day has 25 hours.
    const [today] = openDays(new Date('2026-11-01T12:00:00Z'), 'America/Denver');
    expect(today).toMatchObject({ day: '2026-11-01', which: 'today' });
    expect(today?.closesAt.toISOString()).toBe('2026-11-02T07:00:00.000Z');
  });

  it('keep yesterday open until local noon', () => {
    const morning = openDays(new Date('2026-03-30T09:59:00Z'), 'Europe/Berlin');
    expect(morning.map((d) => [d.which, d.day, d.closesAt.toISOString()])).toEqual([
      ['today', '2026-03-30', '2026-03-30T22:00:00.000Z'],
      ['yesterday', '2026-03-29', '2026-03-30T10:00:00.000Z'],
    ]);
    expect(openDays(new Date('2026-03-30T10:00:00Z'), 'Europe/Berlin')).toHaveLength(1);
  });

  it('count weeks from Monday in the local calendar', () => {
    expect(localDay(new Date('2026-11-09T05:00:00Z'), 'America/Denver')).toBe('2026-11-08');
    expect(weekStartOf('2026-11-08')).toBe('2026-11-02');
    expect(weekStartOf('2026-11-09')).toBe('2026-11-09');
  });
});

describe('the day after and the weekday, kept once worked out', () => {
  /** Both worked out from a Date alone, as a reference. */
  const utc = (day: string) => new Date(`${day}T00:00:00Z`);
  const nextOf = (day: string) =>
    new Date(utc(day).getTime() + 86_400_000).toISOString().slice(0, 10);
  const days = fc
    .date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('are the same the first time and every time after, across months, years and leap days', () => {
    for (const day of ['2024-02-28', '2024-02-29', '2025-02-28', '2026-12-31', '2100-02-28']) {
      for (let ask = 0; ask < 3; ask++) {
        expect(shiftDay(day, 1)).toBe(nextOf(day));
        expect(weekdayOf(day)).toBe(utc(day).getUTCDay());
      }
    }
    fc.assert(
      fc.property(days, (day) => {
        for (let ask = 0; ask < 2; ask++) {
          expect(shiftDay(day, 1)).toBe(nextOf(day));
          expect(weekdayOf(day)).toBe(utc(day).getUTCDay());
          expect(shiftDay(day, -1)).toBe(
            new Date(utc(day).getTime() - 86_400_000).toISOString().slice(0, 10),
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('stay right after more days than are kept have been asked for', () => {
    let day = '1990-01-01';
    for (let n = 0; n < 25_000; n++) day = shiftDay(day, 1);
    expect(day).toBe(
      new Date(utc('1990-01-01').getTime() + 25_000 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(shiftDay('1990-01-01', 1)).toBe('1990-01-02');
    expect(weekdayOf('1990-01-01')).toBe(1);
  });
});
