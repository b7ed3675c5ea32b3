import { shiftDay, weekdayOf } from './check-ins.ts';

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
  'A streak counts your check-in days in a row (the weekdays of your reminders, on your clock): Yes and Not today both keep it, a check-in day left unanswered ends it. Not today ends only your Yes streak. Days before you joined, and today until it ends, never count against you.';

export interface StreakInput {
  /** The member's answers by day (YYYY-MM-DD, their own calendar). */
  answers: ReadonlyMap<string, 'yes' | 'not-today'>;
  /** Their check-in days: 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** Their first day on the team: nothing before it counts. */
  from: string;
  /** Their today. */
  today: string;
  /** Days that can still be answered (today, yesterday until noon): unanswered, they end nothing. */
  open: ReadonlySet<string>;
}

/**
 * Walks the member's days from the one they joined to today. An answered day (on a check-in day
 * or not) adds to the run; an unanswered check-in day that can no longer be answered ends it; any
 * other day passes. A Yes adds to the Yes run, a Not today ends that one.
 */
export function streaksOf({ answers, weekdays, from, today, open }: StreakInput): Streaks {
  const checkInDays = new Set(weekdays);
  let current = 0;
  let longest = 0;
  let currentYes = 0;
  for (let day = from; day <= today; day = shiftDay(day, 1)) {
    const answer = answers.get(day);
    if (answer !== undefined) {
      current += 1;
      currentYes = answer === 'yes' ? currentYes + 1 : 0;
      longest = Math.max(longest, current);
    } else if (checkInDays.has(weekdayOf(day)) && !open.has(day)) {
      current = 0;
      currentYes = 0;
    }
  }
  return { current, longest, currentYes };
}
