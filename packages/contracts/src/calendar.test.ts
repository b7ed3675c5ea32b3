import { describe, expect, it } from 'vitest';
import { infoCallCalendar } from './calendar.ts';

describe('info call calendar file', () => {
  it('starts at 13:00 America/Denver on the booked day, in winter and in summer', () => {
    // 13:00 MST is 20:00 UTC; 13:00 MDT is 19:00 UTC.
    const winter = infoCallCalendar('2031-01-02T20:00:00.000Z', 0);
    expect(winter).toContain('DTSTART:20310102T200000Z\r\n');
    expect(winter).toContain('DTEND:20310102T203000Z\r\n');
    const summer = infoCallCalendar('2031-07-15T19:00:00Z', 0);
    expect(summer).toContain('DTSTART:20310715T190000Z\r\n');
  });

  it('follows the daylight-saving change in the week it happens', () => {
    // Sunday 9 March 2031 Denver moves to MDT: the Friday before is MST, the Monday after MDT.
    expect(infoCallCalendar('2031-03-07T20:00:00Z', 0)).toContain('DTSTART:20310307T200000Z');
    expect(infoCallCalendar('2031-03-10T19:00:00Z', 0)).toContain('DTSTART:20310310T190000Z');
  });

  it('takes the day as Mountain Time sees it', () => {
    // 02:00 UTC on the 3rd is still the evening of the 2nd in Denver.
    expect(infoCallCalendar('2031-01-03T02:00:00Z', 0)).toContain('DTSTART:20310102T200000Z');
  });

  it('is a complete calendar with CRLF line ends', () => {
    const file = infoCallCalendar('2031-01-02T20:00:00Z', Date.UTC(2030, 11, 1, 9, 30));
    expect(file?.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file).toContain('METHOD:PUBLISH\r\n');
    expect(file).toContain('UID:info-call-20310102@accountability-partners\r\n');
    expect(file).toContain('DTSTAMP:20301201T093000Z\r\n');
    expect(file).toContain('SUMMARY:More info call with Accountability Partners\r\n');
    expect(file?.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file?.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('refuses an unreadable date', () => {
    expect(infoCallCalendar('next tuesday')).toBeNull();
  });
});
