import {
  CALENDAR_WEEKS,
  type CalendarDayState,
  type CalendarWeek,
  CHECK_INS_PER_WEEK,
} from '@app/contracts';
import * as layout from '@app/ui/layout.css';
import { dayInWords } from '../../components/dates.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './CalendarCard.css.ts';
import * as home from './HomePage.css.ts';

/** What each day shows: a mark to scan (hidden from screen readers) and the words they read. */
export const DAY_WORDS: Record<CalendarDayState, { mark: string; words: string }> = {
  yes: { mark: 'Yes', words: 'Yes' },
  'not-today': { mark: 'No', words: 'Not today' },
  missed: { mark: '–', words: 'Missed' },
  open: { mark: '?', words: 'Open: you can still answer' },
  off: { mark: '', words: 'Not a check-in day' },
  'before-joining': { mark: '', words: 'Before you joined' },
  paused: { mark: 'P', words: 'Paused' },
  future: { mark: '', words: 'Still to come' },
};

const WEEKDAY_HEADS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** '2026-11-02' -> 'Nov 2'. */
const shortDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/**
 * The member's last 12 weeks of check-ins as a table a screen reader reads row by row: a week
 * per row, Monday to Sunday, each day in words, and the week's Yes answers against the
 * commitment. Days before they joined say so and are never a miss.
 */
export function CalendarCard({ weeks }: { weeks: readonly CalendarWeek[] }) {
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <section className={`${ui.card} ${home.wide}`} aria-labelledby="calendar-title">
      <h2 id="calendar-title" className={ui.h2}>
        Your last {CALENDAR_WEEKS} weeks
      </h2>
      <p className={layout.muted}>
        Yes: did that thing. No: not today. A dash: a check-in day you missed. A question mark: a
        day you can still answer. P: paused. Empty: a day off, before you joined, or still to come.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard */}
      <section className={styles.scroller} aria-label="Check-ins by week" tabIndex={0}>
        <table className={styles.table}>
          <caption className={layout.visuallyHidden}>
            Your check-ins by week
            {first && last
              ? `, from ${dayInWords(first.start)} to ${dayInWords(last.days[6]?.day ?? last.start)}`
              : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.head}>
                Week of
              </th>
              {WEEKDAY_HEADS.map(([short, long]) => (
                <th key={short} scope="col" className={styles.head}>
                  <abbr title={long}>{short}</abbr>
                </th>
              ))}
              <th scope="col" className={styles.head}>
                Yes
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row" className={styles.week}>
                  {shortDate(week.start)}
                </th>
                {week.days.map(({ day, state }) => (
                  <td key={day} className={`${styles.cell} ${styles.state[state]}`}>
                    <span aria-hidden="true">{DAY_WORDS[state].mark}</span>
                    <span className={layout.visuallyHidden}>
                      {dayInWords(day)}: {DAY_WORDS[state].words}
                    </span>
                  </td>
                ))}
                <td className={styles.total}>
                  {week.yes} of {CHECK_INS_PER_WEEK}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
