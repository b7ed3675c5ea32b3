import { describe, expect, it } from 'vitest';
import { fallbackBookingDate, formatBookingDate } from './booking.ts';

describe('booking fallback date (spec 8: today + 2 days, 1:00 PM Mountain Time)', () => {
  it('is two days later at 13:00 in Denver in winter (UTC-7)', () => {
    expect(fallbackBookingDate(Date.UTC(2026, 10, 22, 18, 0))).toBe('2026-11-24T20:00:00.000Z');
  });

  it('is two days later at 13:00 in Denver in summer (UTC-6)', () => {
    expect(fallbackBookingDate(Date.UTC(2026, 6, 1, 16, 0))).toBe('2026-07-03T19:00:00.000Z');
  });

  it("counts from Denver's date, not UTC's, late in the evening", () => {
    // 05:00 UTC on the 22nd is 22:00 on the 21st in Denver.
    expect(fallbackBookingDate(Date.UTC(2026, 10, 22, 5, 0))).toBe('2026-11-23T20:00:00.000Z');
  });

  it('crosses the daylight-saving change', () => {
    // 7 March 2026 (MST) + 2 days = 9 March, after the switch to MDT on the 8th.
    expect(fallbackBookingDate(Date.UTC(2026, 2, 7, 19, 0))).toBe('2026-03-09T19:00:00.000Z');
  });

  it('formats a date for the maybe step', () => {
    expect(formatBookingDate('2026-11-24T20:00:00.000Z')).toBe('Tuesday, November 24, 2026');
  });
});
