import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftDay, weekdayOf } from './check-ins.ts';
import { streaksOf } from './streaks.ts';

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
