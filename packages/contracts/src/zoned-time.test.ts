import { TZDate, tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, wallClockAt, zonedInstant } from './zoned-time.ts';

const DENVER = 'America/Denver';

describe('zoned time', () => {
  it('finds 13:00 in Denver on both sides of the daylight-saving changes', () => {
    // 2026: clocks go forward on 8 March and back on 1 November.
    expect(zonedInstant({ year: 2026, month: 3, day: 7 }, 13, DENVER).toISOString()).toBe(
      '2026-03-07T20:00:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 3, day: 8 }, 13, DENVER).toISOString()).toBe(
      '2026-03-08T19:00:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 10, day: 31 }, 13, DENVER).toISOString()).toBe(
      '2026-10-31T19:00:00.000Z',
    );
    expect(zonedInstant({ year: 2026, month: 11, day: 1 }, 13, DENVER).toISOString()).toBe(
      '2026-11-01T20:00:00.000Z',
    );
  });

  it('reads the local calendar date, which can differ from the UTC one', () => {
    // 03:00 UTC on the 23rd is still the evening of the 22nd in Denver.
    expect(wallClockAt(Date.parse('2026-11-23T03:00:00Z'), DENVER)).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 20,
      minute: 0,
      second: 0,
    });
  });

  it('adds days across month and year ends', () => {
    expect(addCalendarDays({ year: 2026, month: 12, day: 31 }, 2)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
      weekday: 6,
    });
  });

  describe('the wall clock from kept offsets', () => {
    /** What the clocks read, asked of TZDate each time (wallClockAt before it kept offsets). */
    const asked = (instant: number, zone: string) => {
      const at = new TZDate(instant, zone);
      return {
        year: at.getFullYear(),
        month: at.getMonth() + 1,
        day: at.getDate(),
        hour: at.getHours(),
        minute: at.getMinutes(),
        second: at.getSeconds(),
      };
    };
    // Daylight saving both ways, half and quarter hours, a half-hour change (Lord Howe), both
    // sides of the date line, and zones that never change.
    const ZONES = [
      DENVER,
      'Europe/Berlin',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'Asia/Tehran',
      'Asia/Kolkata',
      'Pacific/Auckland',
      'Pacific/Kiritimati',
      'America/St_Johns',
      'UTC',
    ];

    it('reads what TZDate reads at any instant from 1970 to 2100, asked first or again', () => {
      const from = Date.UTC(1970, 0, 1);
      const to = Date.UTC(2100, 0, 1);
      fc.assert(
        fc.property(
          fc.constantFrom(...ZONES),
          fc.integer({ min: from, max: to }),
          fc.integer({ min: -3_600_000, max: 3_600_000 }),
          (zone, instant, later) => {
            expect(wallClockAt(instant, zone)).toEqual(asked(instant, zone));
            // Again, and nearby: now from what was kept.
            expect(wallClockAt(instant, zone)).toEqual(asked(instant, zone));
            expect(wallClockAt(instant + later, zone)).toEqual(asked(instant + later, zone));
          },
        ),
        { numRuns: 3000 },
      );
    });

    it('reads what TZDate reads each minute around every change of the clocks in 2026 and 2027', () => {
      let changes = 0;
      for (const zone of ZONES) {
        const DAY = 86_400_000;
        for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += DAY) {
          if (tzOffset(zone, new Date(day)) === tzOffset(zone, new Date(day + DAY))) continue;
          // The hour within the day in which the clocks change.
          let hour = day;
          while (tzOffset(zone, new Date(hour + 3_600_000)) === tzOffset(zone, new Date(day))) {
            hour += 3_600_000;
          }
          changes += 1;
          for (let at = hour - 3_600_000; at <= hour + 2 * 3_600_000; at += 60_000) {
            expect(wallClockAt(at, zone)).toEqual(asked(at, zone));
          }
        }
      }
      // Denver, Berlin, Lord Howe, Chatham, Auckland and St John's change twice a year.
      expect(changes).toBeGreaterThanOrEqual(6 * 2 * 2);
    });

    it('reads a zone the runtime does not know as TZDate does', () => {
      const instant = Date.UTC(2026, 5, 1, 12);
      expect(wallClockAt(instant, 'Mars/Olympus_Mons')).toEqual(
        asked(instant, 'Mars/Olympus_Mons'),
      );
    });
  });
});
