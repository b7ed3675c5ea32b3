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
});
