import { CHECK_IN_API, PAUSE_WEEKS_MAX, type Pause, shiftDay } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { toast } from '@app/ui/toast-store';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/client.ts';
import { failureToast } from '../../api/errors.ts';
import { dayInWords } from '../../components/dates.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './PauseCard.css.ts';

const WEEK_CHOICES = Array.from({ length: PAUSE_WEEKS_MAX }, (_, i) => i + 1);

/**
 * Taking a break: a pause of 1 to 4 weeks from today keeps the seat, stops the reminders and
 * never counts as missed; it ends on its own, or at once with Come back now.
 */
export function PauseCard({ pause }: { pause: Pause | null }) {
  return (
    <section className={ui.card} aria-labelledby="pause-title">
      {pause ? <Paused pause={pause} /> : <StartPause />}
    </section>
  );
}

function Paused({ pause }: { pause: Pause }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function comeBack() {
    if (pending) return;
    setPending(true);
    try {
      await call(CHECK_IN_API.endPause);
      toast({ title: 'Welcome back. Your check-in days count again from today.' });
      await router.invalidate();
    } catch (failure) {
      toast(failureToast('Your pause did not end', failure));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <h2 id="pause-title" className={ui.h2}>
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
          aria-disabled={pending || undefined}
          onClick={() => void comeBack()}
        >
          Come back now
        </button>
      </p>
    </>
  );
}

function StartPause() {
  const router = useRouter();
  const [weeks, setWeeks] = useState(1);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const { pause } = await call(CHECK_IN_API.pause, { weeks });
      toast({
        title: pause ? `Paused until ${dayInWords(pause.until)}.` : 'Paused.',
      });
      await router.invalidate();
    } catch (failure) {
      toast(failureToast('You are not paused', failure));
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      <h2 id="pause-title" className={ui.h2}>
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
          <button type="submit" className={button.secondary} aria-disabled={pending || undefined}>
            Pause check-ins
          </button>
        </p>
      </form>
    </>
  );
}
