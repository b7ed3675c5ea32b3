import type { OnboardingSnapshot } from '@app/onboarding';
import { useEffect, useState } from 'react';
import * as styles from './StatechartPage.css.ts';

/** Where `pnpm visual` writes its report; the development server serves the app's folder. */
const REPORT = '/reports/visual';

/**
 * The states whose screens the last visual review found changed, when a report is served: only
 * the development server serves it, so a built site (and the unit tests) never ask for it.
 */
export function useChangedStates(
  enabled = import.meta.env.DEV && import.meta.env.MODE !== 'test',
): readonly string[] {
  const [changed, setChanged] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetch(`${REPORT}/report.json`)
      .then((response) => (response.ok ? response.json() : null))
      .then((report: unknown) => {
        if (!current || typeof report !== 'object' || report === null) return;
        if (!('changedStates' in report) || !Array.isArray(report.changedStates)) return;
        setChanged(report.changedStates.filter((id): id is string => typeof id === 'string'));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [enabled]);
  return changed;
}

/**
 * Links from the simulated snapshot's states to their entries in the visual review's report
 * (`pnpm visual`), for each of them whose screen changed.
 */
export function VisualReviewLinks({
  snapshot,
  changed,
}: {
  snapshot: OnboardingSnapshot;
  changed: readonly string[];
}) {
  const here = (snapshot._nodes ?? [])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'))
    .filter((id) => changed.includes(id));
  if (here.length === 0) return null;
  return (
    <p className={styles.muted}>
      Changed in the visual review:{' '}
      {here.map((id, index) => (
        <span key={id}>
          {index > 0 ? ', ' : null}
          <a href={`${REPORT}/index.html#${encodeURIComponent(id)}`} target="_blank" rel="noopener">
            {id}
          </a>
        </span>
      ))}
    </p>
  );
}
