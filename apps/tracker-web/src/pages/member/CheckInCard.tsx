import { call } from '@app/api-client/endpoints';
import {
  CHECK_IN_API,
  CHECK_IN_NOTE_MAX,
  CHECK_IN_QUESTION,
  CHECK_IN_QUESTION_YESTERDAY,
  type CheckIn,
  type CheckInAnswer,
  type OpenDay,
  REACTION_DAYS,
  type ReactedCheckIn,
  STREAK_RULE,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { dayInWords, timeIn } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './CheckInCard.css.ts';
import { browserTimeZone, type CheckInView } from './check-in-data.ts';
import type { PendingCheckIn } from './offline.ts';
import { ANSWER_WORDS, cheersInWords } from './words.ts';

/** What an answer given without a connection says. */
const SENT_LATER = 'It will be sent when the connection is back.';

const CHECK_IN_TITLE = 'check-in-title';

/**
 * "Did you do that thing today?" with the member's goal: one tap on Yes or Not today answers
 * (with the note typed above it, if any), and the same buttons change the answer until the day
 * ends. Yesterday's question stays below until noon. Without a connection an answer is kept on
 * this device and sent once the connection is back (offline.ts).
 */
export function CheckInCard({ status, member }: { status: CheckInView; member: number }) {
  const router = useRouter();
  const { session, timeZone } = status;
  useEffect(() => {
    let mounted = true;
    const send = async () => {
      const { sendPendingCheckIns } = await import('./offline.ts');
      if ((await sendPendingCheckIns(member, session, timeZone)) && mounted) {
        await router.invalidate();
      }
    };
    if (status.pending.length > 0 && navigator.onLine) void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => {
      mounted = false;
      window.removeEventListener('online', onOnline);
    };
  }, [member, router, session, status.pending.length, timeZone]);
  return (
    <section className={`${ui.card} ${styles.card}`} aria-labelledby="check-in-title">
      <h2 id={CHECK_IN_TITLE} className={ui.h2} tabIndex={-1}>
        {CHECK_IN_QUESTION}
      </h2>
      {status.goal ? (
        <p className={styles.goal}>
          <span className={layout.visuallyHidden}>Your goal: </span>“{status.goal}”
        </p>
      ) : null}
      <ZoneMismatch timeZone={status.timeZone} />
      {status.days.map((day) => {
        const waiting = status.pending.find((pending) => pending.day === day.day);
        return (
          <DayForm
            // A new answer on the tracker, or one sent meanwhile, starts the form afresh.
            key={`${day.day} ${day.checkIn?.updatedAt} ${waiting?.answer}`}
            open={day}
            timeZone={status.timeZone}
            member={member}
            session={status.session}
            waiting={waiting}
          />
        );
      })}
      {/* Below the answers, which come first on a phone's first screen. */}
      <StreakLine streaks={status.streaks} />
      <FromYourTeam reactions={status.reactions} />
      <p className={`${layout.muted} ${styles.small}`}>
        Your days follow the {status.timeZone.replaceAll('_', ' ')} time zone.{' '}
        <Link to="/profile" hash="time-zone-title">
          Change it
        </Link>
        {' · '}
        <Link to="/team">See the team board</Link>
      </p>
    </section>
  );
}

const KEPT_ZONE_KEY = 'tracker.keptTimeZone';

const words = (zone: string) => zone.replaceAll('_', ' ');

/**
 * When this device's zone is not the one the member's days follow (travel, a work laptop set to
 * UTC), says so where they check in, with the change one tap away; keeping theirs hides it for
 * this browser session.
 */
function ZoneMismatch({ timeZone }: { timeZone: string }) {
  const device = browserTimeZone();
  const [kept, setKept] = useState(() => sessionStorage.getItem(KEPT_ZONE_KEY) === device);
  const zoneSwitch = useAction({
    send: (zone: string) => call(CHECK_IN_API.setTimeZone, { timeZone: zone }),
    toast: (_, zone) => ({ title: `Your days now follow the ${words(zone)} time zone.` }),
    failure: 'The time zone was not changed',
    reload: true,
    // The note is gone with the mismatch: the card's question is where the member was.
    focus: CHECK_IN_TITLE,
  });
  if (device === null || device === timeZone || kept) return null;
  return (
    <div className={`${ui.tinted.warning} ${styles.small}`} role="note">
      <p>
        This device is set to the {words(device)} time zone, but your days follow {words(timeZone)}:
        “today” here is {words(timeZone)}’s today.
      </p>
      <p className={styles.answers}>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={zoneSwitch.pending || undefined}
          onClick={() => void zoneSwitch.run(device)}
        >
          Use {words(device)}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            sessionStorage.setItem(KEPT_ZONE_KEY, device);
            setKept(true);
          }}
        >
          Keep {words(timeZone)}
        </button>
      </p>
    </div>
  );
}

const days = (n: number) => `${n} check-in day${n === 1 ? '' : 's'}`;

/** The member's streaks in words, and the rule they are counted by one click away. */
function StreakLine({ streaks }: { streaks: CheckInView['streaks'] }) {
  return (
    <div className={`${styles.small} ${styles.streaks}`}>
      <p>
        Streak: <strong>{days(streaks.current)}</strong> in a row (longest {days(streaks.longest)});
        Yes {streaks.currentYes} time
        {streaks.currentYes === 1 ? '' : 's'} in a row.
      </p>
      <details>
        <summary>How streaks count</summary>
        <p>{STREAK_RULE}</p>
      </details>
    </div>
  );
}

/** Who cheered and replied to the member's check-ins of the last REACTION_DAYS, newest first. */
function FromYourTeam({ reactions }: { reactions: readonly ReactedCheckIn[] }) {
  return (
    <section className={styles.day} aria-labelledby="from-team-title">
      <h3 id="from-team-title" className={ui.h3}>
        From your team
      </h3>
      {reactions.length === 0 ? (
        <p className={layout.muted}>
          No cheers or replies in the last {REACTION_DAYS} days yet. Teammates cheer a Yes and reply
          to your notes on the team board.
        </p>
      ) : (
        <ul className={styles.reactions}>
          {reactions.map((r) => (
            <li key={r.day} className={styles.reacted}>
              <p className={styles.which}>
                {dayInWords(r.day)}: {ANSWER_WORDS[r.answer]}
                {r.note ? ` (“${r.note}”)` : ''}
              </p>
              {r.cheers.length > 0 ? <p>{cheersInWords(r.cheers)}.</p> : null}
              {r.replies.length > 0 ? (
                <ul className={styles.replies} aria-label={`Replies on ${dayInWords(r.day)}`}>
                  {r.replies.map((reply) => (
                    <li key={reply.id}>
                      <strong>{reply.author.name}:</strong> {reply.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The card's place when today's check-in could not be read: the reason and a retry. */
export function CheckInUnavailable({ reason }: { reason: string }) {
  const router = useRouter();
  return (
    <section className={`${ui.card} ${styles.card}`} aria-labelledby="check-in-title">
      <h2 id="check-in-title" className={ui.h2}>
        {CHECK_IN_QUESTION}
      </h2>
      <p role="alert">Your check-in could not be loaded. {reason}</p>
      <p>
        <button type="button" className={button.secondary} onClick={() => router.invalidate()}>
          Try again
        </button>
      </p>
    </section>
  );
}

function DayForm({
  open,
  timeZone,
  member,
  session,
  waiting,
}: {
  open: OpenDay;
  timeZone: string;
  member: number;
  session: string | undefined;
  waiting: PendingCheckIn | undefined;
}) {
  const [saved, setSaved] = useState<CheckIn | null>(open.checkIn);
  const [queued, setQueued] = useState<PendingCheckIn | null>(waiting ?? null);
  const [note, setNote] = useState(waiting?.note ?? open.checkIn?.note ?? '');
  const shown = queued ?? saved;
  const id = `check-in-${open.day}`;
  const today = open.which === 'today';
  const noteId = `${id}-note`;
  const answerId = (answer: CheckInAnswer) => `${id}-${answer}`;
  const checkIn = useAction({
    send: (chosen: CheckInAnswer, text: string) =>
      call(CHECK_IN_API.checkIn, { day: open.day, answer: chosen, note: text }),
    // No connection: the answer waits on this device and is sent once it is back.
    // Kept only in a session the tracker named (a home read with one): it is sent in that one.
    recover: async (failure, chosen, text) => {
      if (!(failure instanceof ApiError && failure.kind === 'network') || !session) return false;
      const { keepCheckIn } = await import('./offline.ts');
      const givenAt = new Date().toISOString();
      const note = text.trim();
      setQueued(keepCheckIn({ member, session, day: open.day, answer: chosen, note, givenAt }));
      return true;
    },
    toast: (saved) => ({
      title: `Checked in for ${today ? 'today' : 'yesterday'}: ${ANSWER_WORDS[saved.answer]}`,
    }),
    done: (saved) => {
      if (queued) void import('./offline.ts').then((o) => o.dropPendingCheckIn(member, open.day));
      setQueued(null);
      setSaved(saved);
      setNote(saved.note ?? '');
    },
    // The streaks, the weeks and the board count this answer now.
    reload: true,
    // The form is drawn afresh for the new answer: the answer chosen, now pressed, keeps focus.
    focus: (saved) => answerId(saved.answer),
  });
  const { error, setError } = checkIn;
  const pending = checkIn.running?.[0] ?? null;

  function answer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = submitter?.getAttribute('value') === 'yes' ? 'yes' : 'not-today';
    if (note.trim().length > CHECK_IN_NOTE_MAX) {
      setError(`A note can be at most ${CHECK_IN_NOTE_MAX} characters`);
      return;
    }
    void checkIn.run(chosen, note);
  }

  const legendId = `${id}-question`;
  return (
    <form className={styles.day} onSubmit={answer} aria-labelledby={legendId} noValidate>
      {today ? (
        <p id={legendId} className={styles.which}>
          Today, {dayInWords(open.day)}
        </p>
      ) : (
        <p id={legendId} className={styles.which}>
          {CHECK_IN_QUESTION_YESTERDAY} ({dayInWords(open.day)}, open until noon)
        </p>
      )}
      <p className={styles.state} role="status">
        {queued ? (
          <>
            Your answer: <strong>{ANSWER_WORDS[queued.answer]}</strong>
            {queued.note ? ` (“${queued.note}”)` : ''}, kept on this device. {SENT_LATER}
          </>
        ) : saved ? (
          <>
            Your answer: <strong>{ANSWER_WORDS[saved.answer]}</strong>
            {saved.note ? ` (“${saved.note}”)` : ''}, saved at {timeIn(saved.updatedAt, timeZone)}.
            You can change it until {today ? 'the day ends' : 'noon'}.
          </>
        ) : (
          'Not answered yet.'
        )}
      </p>
      <div className={fieldStyles.root}>
        <label htmlFor={noteId} className={fieldStyles.label}>
          Note (optional)
        </label>
        <p id={`${noteId}-hint`} className={fieldStyles.hint}>
          {shown
            ? `The note your team sees is in the box: change it and answer again to replace it (at most ${CHECK_IN_NOTE_MAX} characters).`
            : `A few words for your team, at most ${CHECK_IN_NOTE_MAX} characters.`}
        </p>
        {error ? (
          <p id={`${noteId}-error`} className={fieldStyles.error} role="alert">
            {error}
          </p>
        ) : null}
        <input
          id={noteId}
          name="note"
          className={fieldStyles.control}
          value={note}
          maxLength={CHECK_IN_NOTE_MAX}
          autoComplete="off"
          aria-describedby={[error ? `${noteId}-error` : '', `${noteId}-hint`].join(' ').trim()}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className={styles.answers}>
        <button
          id={answerId('yes')}
          type="submit"
          name="answer"
          value="yes"
          className={`${button.primary} ${styles.answer}`}
          aria-pressed={shown?.answer === 'yes'}
          aria-disabled={pending !== null || undefined}
        >
          {pending === 'yes' ? 'Saving…' : 'Yes'}
        </button>
        <button
          id={answerId('not-today')}
          type="submit"
          name="answer"
          value="not-today"
          className={`${button.secondary} ${styles.answer}`}
          aria-pressed={shown?.answer === 'not-today'}
          aria-disabled={pending !== null || undefined}
        >
          {pending === 'not-today' ? 'Saving…' : 'Not today'}
        </button>
      </div>
    </form>
  );
}
