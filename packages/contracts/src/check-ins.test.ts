import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, localDay, openDays, weekStartOf } from './check-ins.ts';

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
