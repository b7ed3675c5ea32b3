import { QUIET_TEXTS, type QuietLink, TEAM_LIFE_API } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { call, callAt } from '../api/client.ts';
import { ApiError, SERVER_MESSAGE } from '../api/errors.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import * as ui from '../styles/ui.css.ts';
import * as styles from './Page.css.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : SERVER_MESSAGE);

/** What a "we miss you" link would do, or why it cannot (read without changing anything). */
export async function loadQuietLink(
  token: string | undefined,
): Promise<QuietLink | { problem: string }> {
  if (!token) return { problem: QUIET_TEXTS.linkNotFound };
  try {
    return await callAt(TEAM_LIFE_API.readQuietLink, { query: { token } });
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

const LABELS = { back: QUIET_TEXTS.back, pause: QUIET_TEXTS.pause, leave: QUIET_TEXTS.leave };

const WHAT = {
  back: 'We record Yes for today, and your check-ins carry on as before.',
  pause: 'Your check-ins and reminders pause for a week from today. Your seat is kept.',
  leave: 'You leave the team and your seat goes to someone waiting for one. Your account stays.',
} as const;

/**
 * Opened from one of the "we miss you" email's answers: nothing happens until the button is
 * pressed (mail scanners open links too).
 */
export function QuietLinkPage({
  token,
  link,
}: {
  token: string | undefined;
  link: QuietLink | { problem: string };
}) {
  usePageTitle(QUIET_TEXTS.missYou);
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>('problem' in link ? link.problem : null);
  const [sending, setSending] = useState(false);

  async function give() {
    if (!token || sending) return;
    setSending(true);
    try {
      setAnswer((await call(TEAM_LIFE_API.useQuietLink, { token })).message);
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>{QUIET_TEXTS.missYou}</h1>
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      {'action' in link && answer === null ? (
        link.state === 'ready' ? (
          <div className={styles.form}>
            <p>
              {WHAT[link.action]}
              {link.team ? ` (Team ${link.team})` : ''}
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={link.action === 'leave' ? button.danger : button.primary}
                onClick={give}
                aria-disabled={sending || undefined}
              >
                {LABELS[link.action]}
              </button>
            </div>
          </div>
        ) : (
          <p role="alert" className={ui.tinted.danger}>
            {link.state === 'used' ? QUIET_TEXTS.linkUsed : QUIET_TEXTS.linkExpired}
          </p>
        )
      ) : null}
      <p>
        <Link to="/">Go to your home page</Link>
      </p>
    </div>
  );
}

/** Opened from a weekly recap's unsubscribe link: one press stops the recaps. */
export function StopRecapsPage({ token }: { token: string | undefined }) {
  usePageTitle('Stop weekly recaps');
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(
    token ? null : 'This link is not valid. Open the newest weekly recap.',
  );
  const [sending, setSending] = useState(false);

  async function stop() {
    if (!token || sending) return;
    setSending(true);
    try {
      setAnswer((await callAt(TEAM_LIFE_API.recapUnsubscribe, { query: { token } })).message);
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Stop weekly recaps</h1>
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      {token && answer === null ? (
        <div className={styles.form}>
          <p>
            We will stop the Sunday email with your team's week. Your team, check-ins and reminders
            stay.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              onClick={stop}
              aria-disabled={sending || undefined}
            >
              Stop weekly recaps
            </button>
          </div>
        </div>
      ) : null}
      <p>
        <Link to="/">Go to your home page</Link>
      </p>
    </div>
  );
}
