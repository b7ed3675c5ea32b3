import { button } from '@app/ui/button.css';
import { type ReactNode, useState } from 'react';
import * as styles from '../pages/Page.css.ts';
import * as ui from '../styles/ui.css.ts';
import { useAction } from './useAction.ts';
import { usePageTitle } from './usePageTitle.ts';

const ANSWER_ID = 'one-press-answer';

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
  const action = useAction({
    send: press,
    done: ({ message }) => setAnswer(message),
    // The button is gone with the answer: the answer takes its place, and focus.
    focus: ANSWER_ID,
  });
  // What was known before the press shows until the press says otherwise.
  const [pressed, setPressed] = useState(false);
  const problem = pressed ? action.error : known;
  const sending = action.pending;
  const send = () => {
    setPressed(true);
    void action.run();
  };

  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>{heading}</h1>
      <div role="status">
        {answer ? (
          <p id={ANSWER_ID} className={ui.tinted.success} tabIndex={-1}>
            {answer}
          </p>
        ) : null}
      </div>
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
