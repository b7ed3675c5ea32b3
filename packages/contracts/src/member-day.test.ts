import { describe, expect, it } from 'vitest';
import { shiftDay } from './check-ins.ts';
import {
  DAY_RULES,
  type DayInput,
  dayStateOf,
  listedAsQuiet,
  missesYou,
  QUIET_RULES,
  quietSpellOf,
} from './member-day.ts';

/** Monday 2 November 2026 is the member's first day; Monday to Friday are their check-in days. */
const base: DayInput = {
  answers: new Map([
    ['2026-11-01', 'yes'],
    ['2026-11-03', 'not-today'],
  ]),
  weekdays: [1, 2, 3, 4, 5],
  from: '2026-11-02',
  today: '2026-11-10',
  open: new Set(['2026-11-10', '2026-11-09']),
  paused: new Set(['2026-11-04', '2026-11-05']),
};

describe('the member day rules, at each edge', () => {
  it.each([
    ['an answer counts even before joining', '2026-11-01', base, 'yes'],
    ['an answered Not today', '2026-11-03', base, 'not-today'],
    ['the day before the first day', '2026-10-30', base, 'before-joining'],
    ['the first day itself is a day of the team', '2026-11-02', base, 'missed'],
    ['today is not to come', '2026-11-10', { ...base, open: new Set<string>() }, 'missed'],
    ['the day after today', '2026-11-11', base, 'future'],
    ['a paused check-in day', '2026-11-04', base, 'paused'],
    [
      'an answer on a paused day',
      '2026-11-04',
      { ...base, answers: new Map([['2026-11-04', 'yes' as const]]) },
      'yes',
    ],
    ['a day still open', '2026-11-09', base, 'open'],
    [
      'a paused day that is open',
      '2026-11-10',
      { ...base, paused: new Set(['2026-11-10']) },
      'paused',
    ],
    ['an unanswered Friday', '2026-11-06', base, 'missed'],
    ['an unanswered Saturday', '2026-11-07', base, 'off'],
    [
      'a Saturday for a member who checks in on Saturdays',
      '2026-11-07',
      { ...base, weekdays: [6] },
      'missed',
    ],
  ] as const)('%s', (_name, day, input, state) => {
    expect(dayStateOf(day, input)).toBe(state);
  });

  it('ends with a rule that always holds, so every day has a state', () => {
    expect(DAY_RULES.at(-1)?.when('2000-01-01', base)).toBe(true);
  });
});

/** A member who joined Monday 2 November and never answered, seen on `today` (open: today). */
const silent = (today: string, extra: Partial<DayInput> = {}): DayInput => ({
  answers: new Map(),
  weekdays: [1, 2, 3, 4, 5],
  from: '2026-11-02',
  today,
  open: new Set([today]),
  ...extra,
});

describe('quiet members', () => {
  it('are mailed after the third missed check-in day, not the second', () => {
    // Monday and Tuesday are missed; Wednesday is today, still open.
    expect(quietSpellOf(silent('2026-11-04'))).toEqual({ days: 2, since: '2026-11-02' });
    expect(missesYou(2)).toBe(false);
    expect(quietSpellOf(silent('2026-11-05'))).toEqual({ days: 3, since: '2026-11-02' });
    expect(missesYou(3)).toBe(true);
  });

  it('are listed on the console after the tenth, not the ninth', () => {
    // Two weeks of weekdays: 9 missed before Friday 13 November, 10 before Monday 16.
    expect(quietSpellOf(silent('2026-11-13')).days).toBe(QUIET_RULES.consoleAfter - 1);
    expect(listedAsQuiet(9)).toBe(false);
    expect(quietSpellOf(silent('2026-11-16')).days).toBe(QUIET_RULES.consoleAfter);
    expect(listedAsQuiet(10)).toBe(true);
  });

  it('start again after an answer, and the spell is named by its first missed day', () => {
    const spell = quietSpellOf(
      silent('2026-11-12', { answers: new Map([['2026-11-04', 'not-today']]) }),
    );
    expect(spell).toEqual({ days: 5, since: '2026-11-05' });
  });

  it("start again after the day they said I'm back, which answers nothing", () => {
    const back = silent('2026-11-12', { back: '2026-11-05' });
    // Friday, Monday, Tuesday and Wednesday; Thursday's own state is still what it was.
    expect(quietSpellOf(back)).toEqual({ days: 4, since: '2026-11-06' });
    expect(dayStateOf('2026-11-05', back)).toBe('missed');
  });

  it('never count days before joining, days off, paused days or a day still open', () => {
    const joinedLate = silent('2026-11-05', { from: '2026-11-04' });
    expect(quietSpellOf(joinedLate).days).toBe(1);
    // Friday, the weekend and Monday: Friday and Monday count, the weekend does not.
    expect(quietSpellOf(silent('2026-11-10', { from: '2026-11-06' })).days).toBe(2);
    const paused = new Set<string>();
    for (let d = '2026-11-02'; d <= '2026-11-20'; d = shiftDay(d, 1)) paused.add(d);
    expect(quietSpellOf(silent('2026-11-20', { paused })).days).toBe(0);
    // Yesterday is still open until noon.
    const morning = silent('2026-11-05', { open: new Set(['2026-11-05', '2026-11-04']) });
    expect(quietSpellOf(morning).days).toBe(2);
  });
});
