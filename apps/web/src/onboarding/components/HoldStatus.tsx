import { MESSAGES } from '@app/contracts';
import type { HoldView } from '@app/onboarding/flow';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { useEffect, useRef, useState } from 'react';
import * as styles from './HoldStatus.css.ts';
import { InertButton } from './StepForm.tsx';

/** The released-slot notice, where a submit after the release sends focus. */
export const HOLD_NOTICE_ID = 'hold-notice';

export interface HoldActions {
  onExtend: () => void;
  onRetake: () => void;
  onRetry: () => void;
}

interface HoldStatusProps extends HoldActions {
  hold: HoldView;
  /** The countdown as the line says it: the team step's sentence, or the compact header line. */
  line: (countdown: string) => string;
  /** What screen readers hear instead of the line in its last minute ("0:59 more minutes"). */
  lastMinute?: string;
}

/**
 * What screen readers are told about the hold, politely and only at a few moments: when the
 * warning starts, at 30 s and at 10 s, and when the slot is released or taken. The text changes
 * only at those moments, so the live region never reads the countdown out every second.
 */
export function holdAnnouncement(hold: HoldView): string {
  switch (hold.status) {
    case 'ending':
    case 'extending':
      if (hold.secondsLeft <= 10) return MESSAGES.holdAnnounceSeconds(10);
      if (hold.secondsLeft <= 30) return MESSAGES.holdAnnounceSeconds(30);
      return MESSAGES.holdAnnounceEnding;
    case 'expired':
      return MESSAGES.holdReleased;
    case 'taken':
      return MESSAGES.holdTaken;
    default:
      return '';
  }
}

/** Remembers the previous value of `value` across renders. */
function usePrevious<T>(value: T): T | undefined {
  const ref = useRef<T | undefined>(undefined);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref.current;
}

/**
 * The held slot on any step where it runs: the countdown line; from one minute before the end a
 * warning with a one-step extension (WCAG 2.2.1); after the end, taking the slot again or looking
 * for another team. An extension moves focus to a short confirmation.
 */
export function HoldStatus({
  hold,
  line,
  lastMinute,
  onExtend,
  onRetake,
  onRetry,
}: HoldStatusProps) {
  const previous = usePrevious(hold.status);
  const [note, setNote] = useState<'extended' | 'extendFailed' | 'retaken' | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    // Taking the slot again replaces the notice whose button had focus: focus goes to the news.
    if (previous === 'retaking' && hold.status === 'counting') setNote('retaken');
    if (previous !== 'extending') return;
    if (hold.status === 'counting') setNote('extended');
    else if (hold.status === 'ending') setNote('extendFailed');
  }, [previous, hold.status]);

  useEffect(() => {
    if (note !== null) noteRef.current?.focus();
  }, [note]);

  // The note belongs to the extension it reports: a new warning or the end replaces it.
  useEffect(() => {
    if (hold.status === 'expired' || hold.status === 'taken') setNote(null);
  }, [hold.status]);

  if (hold.status === 'none') return null;
  const announcement = holdAnnouncement(hold);
  const live = (
    <p className={layout.visuallyHidden} role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (hold.released) {
    const taken = hold.status === 'taken';
    return (
      <div id={HOLD_NOTICE_ID} tabIndex={-1} className={styles.notice}>
        {live}
        <p className={styles.noticeText}>
          <strong>{MESSAGES.holdReleasedHeading}.</strong>{' '}
          {taken
            ? MESSAGES.holdTaken
            : hold.status === 'retaking'
              ? MESSAGES.holdRetaking
              : MESSAGES.holdExpired}
        </p>
        <div className={styles.noticeActions}>
          {taken ? null : (
            <InertButton
              className={button.primary}
              pending={hold.status === 'retaking'}
              onClick={onRetake}
            >
              {MESSAGES.holdRetake}
            </InertButton>
          )}
          <button
            type="button"
            className={taken ? button.primary : button.secondary}
            onClick={onRetry}
          >
            {MESSAGES.holdRetry}
          </button>
        </div>
      </div>
    );
  }

  const { ending } = hold;
  const time =
    lastMinute !== undefined && hold.secondsLeft < 60 ? (
      <>
        <span aria-hidden="true">{line(hold.countdown)}</span>
        <span className={layout.visuallyHidden}>{lastMinute}</span>
      </>
    ) : (
      line(hold.countdown)
    );
  return (
    <div className={ending ? styles.notice : styles.line}>
      {live}
      {ending ? (
        <p className={styles.noticeText}>
          <strong>{MESSAGES.holdEndingTitle}.</strong> <span className={styles.time}>{time}</span>
        </p>
      ) : (
        <p className={styles.time}>{time}</p>
      )}
      {ending ? (
        <InertButton
          className={button.secondary}
          pending={hold.status === 'extending'}
          onClick={onExtend}
        >
          {MESSAGES.holdExtend}
        </InertButton>
      ) : null}
      {note === null ? null : (
        <p ref={noteRef} tabIndex={-1} className={styles.note}>
          {note === 'extended'
            ? MESSAGES.holdExtended
            : note === 'retaken'
              ? MESSAGES.holdRetaken
              : MESSAGES.holdExtendFailed}
        </p>
      )}
    </div>
  );
}
