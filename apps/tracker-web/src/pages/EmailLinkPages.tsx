import { type CheckInLink, MEMBER_API } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { call, callAt } from '../api/client.ts';
import { ApiError, SERVER_MESSAGE } from '../api/errors.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as ui from '../styles/ui.css.ts';
import * as styles from './Page.css.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : SERVER_MESSAGE);

/** What a check-in link says, or why it cannot be used (read without changing anything). */
export async function loadCheckInLink(
  token: string | undefined,
): Promise<CheckInLink | { problem: string }> {
  if (!token) return { problem: 'This link is not valid. Open the newest reminder email.' };
  try {
    return await callAt(MEMBER_API.readCheckInLink, { query: { token } });
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/**
 * Opened from a reminder's Yes or Not today link: nothing is recorded until the button is pressed
 * (mail scanners open links too).
 */
export function CheckInLinkPage({
  token,
  link,
}: {
  token: string | undefined;
  link: CheckInLink | { problem: string };
}) {
  usePageTitle('Check in');
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>('problem' in link ? link.problem : null);
  const [sending, setSending] = useState(false);

  async function record() {
    if (!token || sending) return;
    setSending(true);
    try {
      setAnswer((await call(MEMBER_API.useCheckInLink, { token })).message);
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  const label = 'answer' in link ? (link.answer === 'yes' ? 'Yes' : 'Not today') : '';
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Did you do that thing?</h1>
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      {'answer' in link && answer === null ? (
        link.state === 'ready' ? (
          <div className={styles.form}>
            <p>
              Record <strong>{label}</strong> for {dayName(link.date)}?
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={button.primary}
                onClick={record}
                aria-disabled={sending || undefined}
              >
                Record {label}
              </button>
            </div>
          </div>
        ) : (
          <p role="alert" className={ui.tinted.danger}>
            {link.state === 'used'
              ? 'This link was used already. You can change your answer on your home page.'
              : 'This link has expired. Check in on your home page instead.'}
          </p>
        )
      ) : null}
      <p>
        <Link to="/">Go to your home page</Link>
      </p>
    </div>
  );
}

/** Opened from a reminder's unsubscribe link: one press stops the reminders. */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  usePageTitle('Stop reminder emails');
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(
    token ? null : 'This link is not valid. Open the newest reminder email.',
  );
  const [sending, setSending] = useState(false);

  async function stop() {
    if (!token || sending) return;
    setSending(true);
    try {
      setAnswer((await callAt(MEMBER_API.unsubscribe, { query: { token } })).message);
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Stop reminder emails</h1>
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      {token && answer === null ? (
        <div className={styles.form}>
          <p>We will stop emailing you reminders to check in. Your team and check-ins stay.</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              onClick={stop}
              aria-disabled={sending || undefined}
            >
              Stop reminders
            </button>
          </div>
        </div>
      ) : null}
      <p>
        <Link to="/reminders">Reminder settings</Link>
      </p>
    </div>
  );
}
