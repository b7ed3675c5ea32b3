import { CALENDAR_WEEKS, type CalendarWeek, shiftDay, weekStartOf } from './check-ins.ts';
import { type DayInput, dayStateOf } from './member-day.ts';

/** A member's runs of check-ins, as the home and the board show them. */
export interface Streaks {
  /** Check-in days in a row up to now, answered Yes or Not today. */
  current: number;
  /** The longest such run since the member joined the team. */
  longest: number;
  /** Yes answers in a row up to now: a Not today ends this one only. */
  currentYes: number;
}

/** The rule, in the words the page shows beside the figures. */
export const STREAK_RULE =
  'A streak counts your check-in days in a row (the weekdays of your reminders, on your clock): Yes and Not today both keep it, a check-in day left unanswered ends it. Not today ends only your Yes streak. Days before you joined, days you paused, and today until it ends never count against you.';

/** What the streaks and the calendar are worked out from (the member's day rules' input). */
export type StreakInput = DayInput;

/**
 * The member's last CALENDAR_WEEKS weeks (Monday to Sunday, on their own calendar), oldest
 * first, the current one last, each day with its state and each week with its Yes answers.
 * Calendar dates, not instants: a daylight-saving change moves no day.
 */
export function calendarOf(input: StreakInput, weeks = CALENDAR_WEEKS): CalendarWeek[] {
  const first = shiftDay(weekStartOf(input.today), -7 * (weeks - 1));
  return Array.from({ length: weeks }, (_, w) => {
    const start = shiftDay(first, 7 * w);
    const days = Array.from({ length: 7 }, (_, d) => {
      const day = shiftDay(start, d);
      return { day, state: dayStateOf(day, input) };
    });
    return { start, days, yes: days.filter((d) => d.state === 'yes').length };
  });
}

/**
 * Walks the member's days from the one they joined to today. An answered day (on a check-in day
 * or not) adds to the run; an unanswered check-in day that can no longer be answered ends it; any
 * other day passes. A Yes adds to the Yes run, a Not today ends that one.
 */
export function streaksOf({ answers, weekdays, from, today, open, paused }: StreakInput): Streaks {
  let current = 0;
  let longest = 0;
  let currentYes = 0;
  const input = { answers, weekdays, from, today, open, paused };
  for (let day = from; day <= today; day = shiftDay(day, 1)) {
    const state = dayStateOf(day, input);
    if (state === 'yes' || state === 'not-today') {
      current += 1;
      currentYes = state === 'yes' ? currentYes + 1 : 0;
      longest = Math.max(longest, current);
    } else if (state === 'missed') {
      current = 0;
      currentYes = 0;
    }
  }
  return { current, longest, currentYes };
}
