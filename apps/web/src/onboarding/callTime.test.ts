import { describe, expect, it } from 'vitest';
import { describeCallTime } from './callTime.ts';

describe('describeCallTime', () => {
  // 2031-01-02 13:00 in Denver (MST, UTC-7) is 20:00 UTC.
  const winterCall = '2031-01-02T20:00:00.000Z';

  it('states the call at 1:00 PM Mountain Time and in the visitor zone', () => {
    expect(describeCallTime(winterCall, 'Europe/Paris')).toEqual({
      mountain: 'Thursday, January 2, 2031 at 1:00 PM Mountain Time',
      local: 'Thursday, January 2, 2031 at 9:00 PM Central European Standard Time',
    });
  });

  it('keeps 1:00 PM across daylight saving time', () => {
    // 13:00 MDT (UTC-6) on 2031-07-10 is 19:00 UTC.
    expect(describeCallTime('2031-07-10T19:00:00.000Z', 'UTC')?.mountain).toBe(
      'Thursday, July 10, 2031 at 1:00 PM Mountain Time',
    );
  });

  it('shows the day change for visitors far east', () => {
    expect(describeCallTime(winterCall, 'Asia/Tokyo')?.local).toBe(
      'Friday, January 3, 2031 at 5:00 AM Japan Standard Time',
    );
  });

  it('does not repeat the time for visitors in Mountain Time', () => {
    expect(describeCallTime(winterCall, 'America/Denver')?.local).toBeNull();
  });

  it('refuses a date it cannot read', () => {
    expect(describeCallTime('soon', 'UTC')).toBeNull();
  });
});
