import { type Followed, useNow } from './liveOnboarding.ts';
import * as styles from './StatechartPage.css.ts';

/** Seconds without a word from the onboarding tab after which it may be gone. */
const SILENT_AFTER_SECONDS = 5;

export function LivePanel({ followed }: { followed: Followed }) {
  const now = useNow();
  const { live, heardAt, ended, closed } = followed;
  const ago = heardAt === null ? null : Math.max(0, Math.round((now - heardAt) / 1000));
  let status: string;
  if (ended !== null) {
    status = `The onboarding ended at ${ended.route}; its final state stays highlighted.`;
  } else if (!live.running) {
    status = 'No onboarding is running in another tab of this browser.';
  } else if (closed) {
    status = 'The onboarding tab was closed (or left the flow). Its last state stays highlighted.';
  } else if (ago !== null && ago > SILENT_AFTER_SECONDS) {
    status = `Not heard from the onboarding tab for ${ago} s: it may be closed or asleep in the background.`;
  } else {
    status = `Following an onboarding in another tab, on “${live.screen?.title ?? 'a step without a screen'}”.`;
  }
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Live onboarding</h2>
      <p role="status">{status}</p>
      {ago === null ? null : <p className={styles.muted}>Updated {ago} s ago.</p>}
      {live.running ? (
        <dl className={styles.facts}>
          <dt className={styles.term}>Route</dt>
          <dd className={`${styles.value} ${styles.code}`}>{live.route}</dd>
          <dt className={styles.term}>Slot hold</dt>
          <dd className={styles.value}>
            {live.hold.status === 'none'
              ? 'No slot held'
              : `${live.hold.status}, ${live.hold.countdown} left`}
          </dd>
        </dl>
      ) : (
        <p className={styles.muted}>
          Start one at{' '}
          <a href="/onboarding" target="_blank" rel="noopener">
            /onboarding
          </a>{' '}
          (opens in a new tab); while this panel is open, the diagram shows where it is.
        </p>
      )}
    </div>
  );
}
