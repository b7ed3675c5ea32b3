import { type ReactNode, useEffect, useRef } from 'react';
import { restoreCarriedFocus } from '../../boot/handover.ts';
import { pageTitle } from '../../components/usePageTitle.ts';
import * as styles from './StepLayout.css.ts';

export interface Progress {
  step: number;
  of: number;
}

/** What the machine says about the screen being drawn: its title (`meta.title`) and its number. */
export interface StepFrame {
  title: string;
  progress: Progress | null;
  /** A line in the step's header beside the progress: the held slot, on the steps it runs. */
  status?: ReactNode;
}

interface StepLayoutProps {
  /** Identifies the screen: focus moves to the heading whenever it changes. */
  screen: string;
  heading: ReactNode;
  frame: StepFrame;
  /** True while the screen shows errors: the page title then starts with 'Error: '. */
  invalid?: boolean;
  wide?: boolean;
  /** A long heading set smaller on a phone, so what follows it stays above the fold. */
  compact?: boolean;
  children: ReactNode;
}

export function progressText(progress: Progress): string {
  return `Step ${progress.step} of ${progress.of}`;
}

/** The document title of a step: 'Step N of M | {title} | {site}', with 'Error: ' when invalid. */
export function stepTitle(frame: StepFrame, invalid = false): string {
  const progress = frame.progress ? progressText(frame.progress) : null;
  const title = pageTitle(progress, frame.title);
  return invalid ? `Error: ${title}` : title;
}

/**
 * The frame of every onboarding screen: progress, the one h1, and the document title. On each
 * step change focus moves to the heading, so screen-reader users hear where they are.
 */
export function StepLayout({
  screen,
  heading,
  frame,
  invalid = false,
  wide,
  compact = false,
  children,
}: StepLayoutProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = stepTitle(frame, invalid);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on every screen change only
  useEffect(() => {
    // The same step handed over to the flow keeps the focus the visitor gave it (handover.ts).
    if (restoreCarriedFocus(document)) return;
    headingRef.current?.focus();
  }, [screen]);

  return (
    <div className={compact ? styles.compactPage : styles.page}>
      <div className={wide ? (compact ? styles.compactWideCard : styles.wideCard) : styles.card}>
        {frame.progress || frame.status ? (
          <div className={styles.header}>
            {frame.progress ? (
              <p className={styles.progress}>{progressText(frame.progress)}</p>
            ) : null}
            {frame.status}
          </div>
        ) : null}
        <h1
          ref={headingRef}
          tabIndex={-1}
          className={compact ? styles.compactHeading : styles.heading}
        >
          {heading}
        </h1>
        {children}
      </div>
    </div>
  );
}
