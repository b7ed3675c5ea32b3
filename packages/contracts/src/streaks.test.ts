import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay, openDays, shiftDay, weekdayOf } from './check-ins.ts';
import { calendarOf, streaksOf } from './streaks.ts';

const WEEKDAYS = [1, 2, 3, 4, 5];
/** Monday 2 November 2026 to Sunday 15 November. */
const FROM = '2026-11-02';

const answers = (entries: Record<string, 'yes' | 'not-today'>) => new Map(Object.entries(entries));

describe('streaks', () => {
  it('count check-in days in a row, Not today keeping the streak and ending the Yes streak', () => {
    const result = streaksOf({
      answers: answers({
        '2026-11-02': 'yes',
        '2026-11-03': 'yes',
        '2026-11-04': 'not-today',
        '2026-11-05': 'yes',
      }),
      weekdays: WEEKDAYS,
      from: FROM,
      today: '2026-11-05',
      open: new Set(['2026-11-05']),
    });
    expect(result).toEqual({ current: 4, longest: 4, currentYes: 1 });
  });

  it('are ended by a check-in day left unanswered, not by a weekend or today still open', () => {
    const result = streaksOf({
      answers: answers({
        '2026-11-02': 'yes',
        '2026-11-03': 'yes',
        '2026-11-04': 'yes',
        // Thursday the 5th: unanswered, closed.
        '2026-11-06': 'yes',
        // The weekend is no check-in day.
        '2026-11-09': 'yes',
      }),
      weekdays: WEEKDAYS,
      from: FROM,
      today: '2026-11-10',
      open: new Set(['2026-11-10']),
    });
    expect(result).toEqual({ current: 2, longest: 3, currentYes: 2 });
  });

  it('never count days before the member joined', () => {
    const result = streaksOf({
      answers: answers({ '2026-11-09': 'yes' }),
      weekdays: WEEKDAYS,
      from: '2026-11-09',
      today: '2026-11-09',
      open: new Set(['2026-11-09']),
    });
    expect(result).toEqual({ current: 1, longest: 1, currentYes: 1 });
    const none = streaksOf({
      answers: new Map(),
      weekdays: WEEKDAYS,
      from: '2026-11-09',
      today: '2026-11-09',
      open: new Set(['2026-11-09']),
    });
    expect(none).toEqual({ current: 0, longest: 0, currentYes: 0 });
  });

  const history = fc
    .record({
      length: fc.integer({ min: 1, max: 60 }),
      weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      marks: fc.array(fc.constantFrom('yes', 'not-today', null), { minLength: 60, maxLength: 60 }),
    })
    .map(({ length, weekdays, marks }) => {
      const today = shiftDay(FROM, length - 1);
      const map = new Map<string, 'yes' | 'not-today'>();
      for (let i = 0; i < length; i += 1) {
        const mark = marks[i];
        if (mark) map.set(shiftDay(FROM, i), mark);
      }
      return { answers: map, weekdays, from: FROM, today, open: new Set([today]) };
    });

  it('hold their invariants on any history', () => {
    fc.assert(
      fc.property(history, (input) => {
        const { current, longest, currentYes } = streaksOf(input);
        expect(currentYes).toBeLessThanOrEqual(current);
        expect(current).toBeLessThanOrEqual(longest);
        expect(longest).toBeLessThanOrEqual(input.answers.size);
      }),
    );
  });

  it('never shrink when a missed day is answered after all', () => {
    fc.assert(
      fc.property(history, fc.nat(), (input, pick) => {
        const missed: string[] = [];
        for (let day = input.from; day < input.today; day = shiftDay(day, 1)) {
          if (!input.answers.has(day) && input.weekdays.includes(weekdayOf(day))) missed.push(day);
        }
        fc.pre(missed.length > 0);
        const day = missed[pick % missed.length] ?? input.from;
        const before = streaksOf(input);
        const after = streaksOf({ ...input, answers: new Map([...input.answers, [day, 'yes']]) });
        expect(after.longest).toBeGreaterThanOrEqual(before.longest);
        expect(after.current).toBeGreaterThanOrEqual(before.current);
      }),
    );
  });
});

describe("the member's calendar", () => {
  const statesOf = (week: { days: { state: string }[] } | undefined) =>
    week?.days.map((d) => d.state);

  it('shows 12 weeks, Monday to Sunday, the days before joining mid-week as such and never as a miss', () => {
    const weeks = calendarOf({
      answers: answers({
        '2026-11-04': 'yes',
        '2026-11-06': 'not-today',
        '2026-11-07': 'yes',
        '2026-11-09': 'yes',
      }),
      weekdays: WEEKDAYS,
      // Joined on Wednesday 4 November.
      from: '2026-11-04',
      today: '2026-11-10',
      open: new Set(['2026-11-10', '2026-11-09']),
    });
    expect(weeks).toHaveLength(12);
    expect(weeks[0]?.start).toBe('2026-08-24');
    expect(weeks.map((w) => weekdayOf(w.start))).toEqual(Array(12).fill(1));
    for (const week of weeks.slice(0, 10)) {
      expect(new Set(statesOf(week))).toEqual(new Set(['before-joining']));
      expect(week.yes).toBe(0);
    }
    const joined = weeks[10];
    expect(joined?.start).toBe('2026-11-02');
    expect(statesOf(joined)).toEqual([
      'before-joining',
      'before-joining',
      'yes',
      // Thursday: a check-in day left unanswered.
      'missed',
      'not-today',
      // A Yes on a Saturday counts; an unanswered Sunday is a day off.
      'yes',
      'off',
    ]);
    expect(joined?.yes).toBe(2);
    const current = weeks[11];
    expect(statesOf(current)).toEqual([
      'yes',
      'open',
      'future',
      'future',
      'future',
      'future',
      'future',
    ]);
    expect(current?.yes).toBe(1);
  });

  it('agrees with the streaks on which days are missed', () => {
    const input = {
      answers: answers({ '2026-11-02': 'yes', '2026-11-04': 'yes' }),
      weekdays: WEEKDAYS,
      from: FROM,
      today: '2026-11-05',
      open: new Set(['2026-11-05']),
    };
    const missed = calendarOf(input)
      .flatMap((w) => w.days)
      .filter((d) => d.state === 'missed')
      .map((d) => d.day);
    expect(missed).toEqual(['2026-11-03']);
    expect(streaksOf(input).current).toBe(1);
  });

  it('keeps whole days across a daylight-saving change, in Denver in autumn and Berlin in spring', () => {
    // 01:30 on Sunday 1 November 2026 in Denver, half an hour after clocks went back.
    const autumn = new Date('2026-11-01T08:30:00Z');
    const denverToday = localDay(autumn, 'America/Denver');
    expect(denverToday).toBe('2026-11-01');
    const fall = calendarOf({
      answers: answers({ '2026-10-30': 'yes' }),
      weekdays: WEEKDAYS,
      from: '2026-10-26',
      today: denverToday,
      open: new Set(openDays(autumn, 'America/Denver').map((d) => d.day)),
    });
    expect(fall.at(-1)?.start).toBe('2026-10-26');
    expect(statesOf(fall.at(-1))).toEqual([
      'missed',
      'missed',
      'missed',
      'missed',
      'yes',
      'open',
      'open',
    ]);
    // 03:30 on Sunday 29 March 2026 in Berlin, the night the clocks went forward; then Monday.
    const spring = new Date('2026-03-30T06:00:00Z');
    const berlinToday = localDay(spring, 'Europe/Berlin');
    expect(berlinToday).toBe('2026-03-30');
    const forward = calendarOf({
      answers: answers({ '2026-03-27': 'yes', '2026-03-29': 'yes' }),
      weekdays: WEEKDAYS,
      from: '2026-03-01',
      today: berlinToday,
      open: new Set(openDays(spring, 'Europe/Berlin').map((d) => d.day)),
    });
    expect(forward.at(-2)?.days.map((d) => d.day)).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(forward.at(-2)?.yes).toBe(2);
    expect(statesOf(forward.at(-1))?.slice(0, 2)).toEqual(['open', 'future']);
  });

  it('lists 84 days in a row ending on the Sunday of the current week, for any today', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (offset) => {
        const today = shiftDay('2020-01-01', offset);
        const days = calendarOf({
          answers: new Map(),
          weekdays: WEEKDAYS,
          from: '2019-01-01',
          today,
          open: new Set([today]),
        }).flatMap((w) => w.days.map((d) => d.day));
        expect(days).toHaveLength(84);
        days.forEach((day, i) => {
          if (i > 0) expect(day).toBe(shiftDay(days[i - 1] ?? day, 1));
        });
        expect(weekdayOf(days[83] ?? '')).toBe(0);
        expect(days).toContain(today);
      }),
      { numRuns: 50 },
    );
  });
});

describe('paused days', () => {
  it('end no streak and are never a miss; an answer given while paused still counts', () => {
    const input = {
      answers: answers({ '2026-11-02': 'yes', '2026-11-05': 'yes' }),
      weekdays: WEEKDAYS,
      from: FROM,
      today: '2026-11-10',
      open: new Set(['2026-11-10']),
      paused: new Set(['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-09']),
    };
    expect(streaksOf(input)).toEqual({ current: 2, longest: 2, currentYes: 2 });
    expect(calendarOf(input, 2).map((w) => w.days.map((d) => d.state))).toEqual([
      ['yes', 'paused', 'paused', 'yes', 'paused', 'off', 'off'],
      ['paused', 'open', 'future', 'future', 'future', 'future', 'future'],
    ]);
    // The same days unpaused are misses.
    expect(streaksOf({ ...input, paused: new Set() })).toEqual({
      current: 0,
      longest: 1,
      currentYes: 0,
    });
  });
});
