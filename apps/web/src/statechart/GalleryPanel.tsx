import { Screen } from '../onboarding/Screen.tsx';
import { IGNORE_EVENTS, ScreenFrame } from './ScreenFrame.tsx';
import * as styles from './StatechartPage.css.ts';
import { pathsToStates } from './sandbox.ts';
import { MACHINE_GRAPH } from './views.ts';

/** Screen states, in the order the machine defines them: the gallery's thumbnails. */
const SCREEN_STATES = MACHINE_GRAPH.states.filter((state) => state.route !== null);

export function GalleryPanel({ onPick }: { onPick: (id: string) => void }) {
  const paths = pathsToStates();
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>Gallery of screens</h2>
      <p className={styles.muted}>
        Each screen state as the app draws it at 360 px, reached by the machine's shortest path.
        Choose one to select it on the diagram.
      </p>
      <ul className={styles.gallery}>
        {SCREEN_STATES.map((state) => {
          const path = paths.get(state.id);
          return (
            <li key={state.id}>
              <button type="button" className={styles.thumb} onClick={() => onPick(state.id)}>
                <span>
                  {state.title} <span className={styles.code}>({state.key})</span>
                </span>
                {path === undefined ? (
                  <span className={styles.muted}>Not reachable by the model's events</span>
                ) : (
                  <ScreenFrame
                    width={360}
                    height={640}
                    scale={0.45}
                    title={`Thumbnail: ${state.title}`}
                  >
                    <Screen snapshot={path.snapshot} send={IGNORE_EVENTS} />
                  </ScreenFrame>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
