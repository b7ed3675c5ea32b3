/**
 * The member's day, written once as a table of rules: what each day was (the calendar, the
 * streaks, the board), when a member counts as quiet (the "we miss you" mail and the console's
 * Quiet members page) and when the weekly recap falls due. The tracker decides with these; the
 * browser only shows what the tracker decided.
 */
import { type CalendarDayState, shiftDay, weekdayOf } from './check-ins.ts';

/** What the rules know of one member's days. */
export interface DayInput {
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
  /** Days the member had paused: unanswered, they end nothing. */
  paused?: ReadonlySet<string>;
  /**
   * The last day they answered a "we miss you" mail with I'm back: it ends a quiet spell as an
   * answer does, but it is no answer (the day is still asked, and shows as it is).
   */
  back?: string;
}

/** One rule of the table: the state a day takes when `when` holds and no rule above it did. */
export interface DayRule {
  state: CalendarDayState;
  when: (day: string, input: DayInput) => boolean;
}

/**
 * What a day was, first matching rule wins. An answer is what it says, whatever the day; an
 * unanswered day is before the member joined, still to come, paused, still open, one of their
 * check-in days that was missed, or a day off.
 */
export const DAY_RULES: readonly DayRule[] = [
  { state: 'yes', when: (day, i) => i.answers.get(day) === 'yes' },
  { state: 'not-today', when: (day, i) => i.answers.get(day) === 'not-today' },
  { state: 'before-joining', when: (day, i) => day < i.from },
  { state: 'future', when: (day, i) => day > i.today },
  { state: 'paused', when: (day, i) => i.paused?.has(day) === true },
  { state: 'open', when: (day, i) => i.open.has(day) },
  { state: 'missed', when: (day, i) => i.weekdays.includes(weekdayOf(day)) },
  { state: 'off', when: () => true },
];

/** What `day` was for the member (DAY_RULES). */
export function dayStateOf(day: string, input: DayInput): CalendarDayState {
  for (const rule of DAY_RULES) if (rule.when(day, input)) return rule.state;
  return 'off';
}

/**
 * Quiet members: a run of missed check-in days (DAY_RULES' 'missed') since the member's last
 * answer. Paused days, days off, open days and days before joining pass without adding to it; an
 * answer, or the day they said I'm back, ends it. After QUIET_RULES.missYouAfter such days the member is mailed once ("we miss
 * you"); after QUIET_RULES.consoleAfter they are listed on the console's Quiet members page.
 */
export const QUIET_RULES = { missYouAfter: 3, consoleAfter: 10 } as const;

/** A run of missed check-in days: how many, and the first of them (null: none). */
export interface QuietSpell {
  days: number;
  since: string | null;
}

/** The member's quiet spell as it stands on their today. */
export function quietSpellOf(input: DayInput): QuietSpell {
  let days = 0;
  let since: string | null = null;
  for (let day = input.from; day <= input.today; day = shiftDay(day, 1)) {
    const state = dayStateOf(day, input);
    if (state === 'yes' || state === 'not-today' || day === input.back) {
      days = 0;
      since = null;
    } else if (state === 'missed') {
      days += 1;
      since ??= day;
    }
  }
  return { days, since };
}

/** Whether a spell of `days` missed days earns the "we miss you" mail / a line on the console. */
export const missesYou = (days: number) => days >= QUIET_RULES.missYouAfter;
export const listedAsQuiet = (days: number) => days >= QUIET_RULES.consoleAfter;

/** The weekly recap: Sundays (0) at 18:00 on the member's own clock. */
export const RECAP_RULE = { weekday: 0, minute: 18 * 60 } as const;
/**
 * The daily digest of cheers and replies (off unless the member turns it on): every day at 20:00
 * on the member's clock, only when teammates cheered or replied to their check-ins that day.
 */
export const DIGEST_RULE = { minute: 20 * 60 } as const;
