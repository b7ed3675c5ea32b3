import { describeCallTime, visitorTimeZone } from '../callTime.ts';
import * as styles from './CallTime.css.ts';
import { text } from './StepLayout.css.ts';

interface CallTimeProps {
  /** ISO instant of the call; null while it is being looked up. */
  date: string | null;
  /** A line before the time. */
  intro?: string;
  /** Announced to screen readers when it changes (the time arriving after the look-up). */
  live?: boolean;
}

/** The info call's time in Mountain Time, and in the visitor's own zone when that differs. */
export function CallTime({ date, intro, live = false }: CallTimeProps) {
  const time = date === null ? null : describeCallTime(date, visitorTimeZone());
  return (
    <div className={styles.box} role={live ? 'status' : undefined}>
      {date === null ? (
        <p>Finding the next available session...</p>
      ) : (
        <>
          {intro ? <p>{intro}</p> : null}
          <p className={styles.main}>{time?.mountain ?? date}</p>
          {time?.local ? <p className={text}>That is {time.local} where you are.</p> : null}
        </>
      )}
    </div>
  );
}
