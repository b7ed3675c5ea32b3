import { call } from '@app/api-client/endpoints';
import { CHECK_IN_API, PAUSE_WEEKS_MAX, type Pause, shiftDay } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { type FormEvent, useState } from 'react';
import { dayInWords } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './PauseCard.css.ts';

const PAUSE_TITLE = 'pause-title';

const WEEK_CHOICES = Array.from({ length: PAUSE_WEEKS_MAX }, (_, i) => i + 1);

/**
 * Taking a break: a pause of 1 to 4 weeks from today keeps the seat, stops the reminders and
 * never counts as missed; it ends on its own, or at once with Come back now.
 */
export function PauseCard({ pause }: { pause: Pause | null }) {
  return (
    <section className={ui.card} aria-labelledby={PAUSE_TITLE}>
      {pause ? <Paused pause={pause} /> : <StartPause />}
    </section>
  );
}

function Paused({ pause }: { pause: Pause }) {
  const comeBack = useAction({
    send: () => call(CHECK_IN_API.endPause),
    toast: { title: 'Welcome back. Your check-in days count again from today.' },
    failure: 'Your pause did not end',
    reload: true,
    // The card now offers a pause again: its heading says so.
    focus: PAUSE_TITLE,
  });
  return (
    <>
      <h2 id={PAUSE_TITLE} className={ui.h2} tabIndex={-1}>
        You are paused
      </h2>
      <p>
        Paused until <strong>{dayInWords(pause.until)}</strong>. You are back on{' '}
        {dayInWords(shiftDay(pause.until, 1))}: reminders start again then. Your seat on the team is
        kept, and the paused days never count as missed.
      </p>
      <p>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={comeBack.pending || undefined}
          onClick={() => void comeBack.run()}
        >
          Come back now
        </button>
      </p>
    </>
  );
}

function StartPause() {
  const [weeks, setWeeks] = useState(1);
  const pause = useAction({
    send: (chosen: number) => call(CHECK_IN_API.pause, { weeks: chosen }),
    toast: ({ pause }) => ({
      title: pause ? `Paused until ${dayInWords(pause.until)}.` : 'Paused.',
    }),
    failure: 'You are not paused',
    reload: true,
    // The card now says until when, with Come back now: its heading says so.
    focus: PAUSE_TITLE,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void pause.run(weeks);
  }
  return (
    <>
      <h2 id={PAUSE_TITLE} className={ui.h2} tabIndex={-1}>
        Taking a break?
      </h2>
      <p>
        Pause your check-ins for 1 to {PAUSE_WEEKS_MAX} weeks from today. Your seat on the team is
        kept, reminders stop, and paused days never count as missed. The pause ends on its own.
      </p>
      <form className={ui.stack} onSubmit={submit}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>How long?</legend>
          <div className={styles.choices}>
            {WEEK_CHOICES.map((n) => (
              <label key={n} className={styles.choice}>
                <input
                  type="radio"
                  name="pause-weeks"
                  value={n}
                  checked={weeks === n}
                  onChange={() => setWeeks(n)}
                />
                {n} week{n === 1 ? '' : 's'}
              </label>
            ))}
          </div>
        </fieldset>
        <p>
          <button
            type="submit"
            className={button.secondary}
            aria-disabled={pause.pending || undefined}
          >
            Pause check-ins
          </button>
        </p>
      </form>
    </>
  );
}
