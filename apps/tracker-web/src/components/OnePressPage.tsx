import { button } from '@app/ui/button.css';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/errors.ts';
import * as styles from '../pages/Page.css.ts';
import * as ui from '../styles/ui.css.ts';
import { usePageTitle } from './usePageTitle.ts';

/** What the page offers to do, once, when its button is pressed. */
export interface OnePressOffer {
  /** What pressing does, in the member's words. */
  text: ReactNode;
  /** The button. */
  label: string;
  /** A press that takes something away (leaving a team) gets the danger button. */
  danger?: boolean;
}

/**
 * A page opened from a link in an email (a reminder's Yes, an unsubscribe, a "we miss you"
 * answer): it says what the link would do and does it only when its one button is pressed, since
 * mail scanners open links too. The tracker's answer replaces the offer; a failure is shown and
 * the button stays for another try.
 */
export function OnePressPage({
  title,
  heading = title,
  problem: known,
  offer,
  press,
  footer,
}: {
  /** The page's title, and its heading unless one is given. */
  title: string;
  heading?: string;
  /** Why the link cannot be used, known before any press (no token, used, expired). */
  problem: string | null;
  /** What a press would do, or null when there is nothing to offer. */
  offer: OnePressOffer | null;
  /** The one call; its answer's message is shown. */
  press: () => Promise<{ message: string }>;
  /** The way on: a link to the home page or the settings. */
  footer: ReactNode;
}) {
  usePageTitle(title);
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(known);
  const [sending, setSending] = useState(false);

  async function send() {
    if (sending) return;
    setSending(true);
    try {
      setAnswer((await press()).message);
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>{heading}</h1>
      <div role="status">{answer ? <p className={ui.tinted.success}>{answer}</p> : null}</div>
      {problem ? (
        <p role="alert" className={ui.tinted.danger}>
          {problem}
        </p>
      ) : null}
      {offer && answer === null ? (
        <div className={styles.form}>
          <p>{offer.text}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={offer.danger ? button.danger : button.primary}
              onClick={send}
              aria-disabled={sending || undefined}
            >
              {offer.label}
            </button>
          </div>
        </div>
      ) : null}
      <p>{footer}</p>
    </div>
  );
}
