import { type ReactNode, useEffect, useRef } from 'react';
import * as styles from '../Onboarding.css.ts';

export interface Progress {
  step: number;
  of: number;
}

interface StepLayoutProps {
  /** Identifies the screen: focus moves to the heading whenever it changes. */
  screen: string;
  heading: ReactNode;
  /** The page title, without the site name. */
  title: string;
  progress?: Progress | null;
  wide?: boolean;
  children: ReactNode;
}

export const SITE_NAME = 'Accountability Partners';

export function progressText(progress: Progress): string {
  return `Step ${progress.step} of ${progress.of}`;
}

/**
 * The frame of every onboarding screen: progress, the one h1, and the document title. On each
 * step change focus moves to the heading, so screen-reader users hear where they are.
 */
export function StepLayout({ screen, heading, title, progress, wide, children }: StepLayoutProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const progressLabel = progress ? progressText(progress) : null;

  useEffect(() => {
    document.title = [progressLabel, title, SITE_NAME].filter(Boolean).join(' - ');
  }, [progressLabel, title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on every screen change only
  useEffect(() => {
    headingRef.current?.focus();
  }, [screen]);

  return (
    <div className={styles.page}>
      <div className={wide ? styles.wideCard : styles.card}>
        {progressLabel ? <p className={styles.progress}>{progressLabel}</p> : null}
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {heading}
        </h1>
        {children}
      </div>
    </div>
  );
}
