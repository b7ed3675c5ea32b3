import * as layout from '@app/ui/layout.css';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as home from './HomePage.css.ts';
import * as styles from './PageSkeleton.css.ts';

/**
 * What a member's page shows while its data is on the way (the home on a first visit, the team
 * board): the page's shape under the header, its heading's place and two cards in grey, hidden
 * from screen readers, which hear "Loading your page…" once.
 */
export function PageSkeleton() {
  usePageTitle('Loading');
  return (
    <div className={`${layout.container} ${ui.stack}`} aria-busy="true">
      <h1 className={layout.visuallyHidden}>Loading</h1>
      <span className={styles.heading} aria-hidden="true" />
      <p role="status" className={layout.muted}>
        Loading your page…
      </p>
      <div className={home.sections} aria-hidden="true" data-skeleton="">
        {[1, 2].map((card) => (
          <div key={card} className={`${ui.card} ${styles.card}`}>
            <span className={styles.line} />
            <span className={styles.line} />
          </div>
        ))}
      </div>
    </div>
  );
}
