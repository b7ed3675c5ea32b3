import { useEffect, useState } from 'react';
import { Screen } from '../onboarding/Screen.tsx';
import { IGNORE_EVENTS, ScreenFrame } from './ScreenFrame.tsx';
import * as styles from './StatechartPage.css.ts';
import { pathsToStates } from './sandbox.ts';
import { MACHINE_GRAPH, STATES, stateFromHash, stateHash } from './views.ts';

/** The widths a state's screen is reviewed at: a phone's and a desktop's. */
export const REVIEW_WIDTHS = [360, 1280] as const;
/** The least height of each width's frame: the studio's previews' heights. */
const REVIEW_HEIGHTS: Record<(typeof REVIEW_WIDTHS)[number], number> = { 360: 720, 1280: 1000 };

/** Whether the studio was opened for the visual review (`/statechart?review`). */
export function isReview(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('review');
}

/**
 * The states the visual review draws: every state with no child states (a compound state shows
 * one of its children's screens), reached by the machine's shortest path, in the machine's order.
 */
export function reviewStates(): string[] {
  const paths = pathsToStates();
  return MACHINE_GRAPH.states
    .filter((state) => state.children.length === 0 && paths.has(state.id))
    .map((state) => state.id);
}

/**
 * The visual review's sheet (`/statechart?review#<state>`): the state's real screen at 360 and
 * 1280 px, unscaled and as tall as the screen, in the frames the studio's previews use, for the
 * `pnpm visual` command to photograph. Without a state it lists the states it can draw.
 */
export function ReviewSheet() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  const id = stateFromHash(hash);
  const path = id === null ? undefined : pathsToStates().get(id);

  if (id === null || path === undefined) {
    return (
      <div className={styles.section}>
        <h1 className={styles.sectionTitle}>Visual review</h1>
        <ul data-review-states={JSON.stringify(reviewStates())}>
          {reviewStates().map((state) => (
            <li key={state}>
              <a href={`#${stateHash(state)}`}>{state}</a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className={styles.section}>
      <h1 className={styles.sectionTitle}>
        Visual review: {id}
        {STATES.get(id)?.title ? ` (${STATES.get(id)?.title})` : ''}
      </h1>
      {/* A new state gets new frames, so no screen's own state carries over to the next. */}
      <div key={id} className={styles.frames} data-review-state={id}>
        {REVIEW_WIDTHS.map((width) => (
          <ScreenFrame
            key={width}
            width={width}
            height={REVIEW_HEIGHTS[width]}
            scale={1}
            fit
            title={`${width} px`}
          >
            <Screen snapshot={path.snapshot} send={IGNORE_EVENTS} />
          </ScreenFrame>
        ))}
      </div>
    </div>
  );
}
