import {
  type OnboardingSnapshot,
  onboardingMachine,
  SNAPSHOT_STORAGE_KEY,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import { useMemo } from 'react';
import { Screen } from '../onboarding/Screen.tsx';
import { IGNORE_EVENTS, ScreenFrame } from './ScreenFrame.tsx';
import { SimulationSteps } from './SimulationSteps.tsx';
import * as styles from './StatechartPage.css.ts';
import { choicesFor, leafTitle, type SimChoice, type SimStep } from './sandbox.ts';
import { useChangedStates, VisualReviewLinks } from './VisualReviewLinks.tsx';
import { STATES } from './views.ts';

const CHOICE_GROUPS: { kind: SimChoice['kind']; title: string }[] = [
  { kind: 'action', title: 'What the prospect does' },
  { kind: 'call', title: 'How the calls answer' },
  { kind: 'clock', title: 'Clock' },
];

/** Opens the real onboarding in a new tab, restored at the simulated snapshot. */
function openInApp(snapshot: OnboardingSnapshot) {
  const persisted: unknown = onboardingMachine.getPersistedSnapshot(snapshot);
  if (typeof persisted !== 'object' || persisted === null || !('context' in persisted)) return;
  // The sandbox's clock is not the wall clock: keep the hold's time left as it is here.
  const shift = Date.now() - snapshot.context.now;
  const context = snapshot.context;
  const stored = {
    ...persisted,
    context: {
      ...context,
      now: context.now + shift,
      holdExpiresAt: context.holdExpiresAt === null ? null : context.holdExpiresAt + shift,
    },
  };
  try {
    window.localStorage.setItem(SNAPSHOT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    return;
  }
  window.open(stateToRoute(snapshot), '_blank', 'noopener');
}

export function SimulatePanel({
  snapshot,
  history,
  selected,
  onAct,
  onUndo,
  onReset,
}: {
  snapshot: OnboardingSnapshot;
  history: SimStep[];
  selected: string | null;
  onAct: (choice: SimChoice) => void;
  onUndo: () => void;
  onReset: () => void;
}) {
  const choices = useMemo(() => choicesFor(snapshot), [snapshot]);
  const reviewed = useChangedStates();
  const busy = snapshot.hasTag('busy');
  const ended = snapshot.status !== 'active';
  const current = leafTitle(snapshot);
  const selectedState = selected === null ? undefined : STATES.get(selected);
  return (
    <>
      <div className={styles.section}>
        <h2 className={styles.sectionTitle}>Simulation</h2>
        <p className={styles.muted}>
          A sandbox copy of the machine: no calls are made and time moves only when you move it.
        </p>
        {selectedState === undefined ? null : (
          <p className={styles.muted}>
            Selected: <span className={styles.code}>{selectedState.id}</span>
            {selectedState.title === null ? null : <> ({selectedState.title})</>}, reached by the
            shortest path below.
          </p>
        )}
        <dl className={styles.facts}>
          <dt className={styles.term}>State</dt>
          <dd className={`${styles.value} ${styles.code}`} data-testid="sim-state">
            {current}
          </dd>
          <dt className={styles.term}>Route</dt>
          <dd className={`${styles.value} ${styles.code}`}>{stateToRoute(snapshot)}</dd>
          <dt className={styles.term}>Hold</dt>
          <dd className={styles.value}>{holdText(snapshot)}</dd>
        </dl>
        <SimulationSteps steps={history.length} onUndo={onUndo} onReset={onReset}>
          <button
            type="button"
            className={styles.tool}
            onClick={() => openInApp(snapshot)}
            disabled={busy || ended}
            title={
              busy ? 'A call is in flight here: the app never stores such a moment' : undefined
            }
          >
            Open in the app
          </button>
        </SimulationSteps>
      </div>
      <div className={styles.section}>
        <h3 className={styles.sectionTitle}>The real screen</h3>
        <VisualReviewLinks snapshot={snapshot} changed={reviewed} />
        <ScreenPreviews snapshot={snapshot} />
      </div>
      {CHOICE_GROUPS.map((group) => {
        const items = choices.filter((choice) => choice.kind === group.kind);
        if (items.length === 0) return null;
        return (
          <div key={group.kind} className={styles.section}>
            <h3 className={styles.sectionTitle}>{group.title}</h3>
            <ul className={styles.plainList}>
              {items.map((choice) => (
                <li key={JSON.stringify(choice.event)}>
                  <button type="button" className={styles.choice} onClick={() => onAct(choice)}>
                    <span>{choice.label}</span>
                    <span className={styles.choiceOutcome}>{choice.outcome}</span>
                    {choice.guards.map((guard) => (
                      <span key={guard.guard} className={guard.passes ? styles.pass : styles.fail}>
                        {guard.passes ? '✓' : '✗'} {guard.guard}
                      </span>
                    ))}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {ended ? (
        <p className={styles.muted}>The flow has ended here. Undo or reset to go on.</p>
      ) : null}
      <div className={styles.section}>
        <h3 className={styles.sectionTitle}>Event log</h3>
        {history.length === 0 ? (
          <p className={styles.muted}>Nothing yet: the machine is at its start.</p>
        ) : (
          <ol className={styles.log} aria-label="Event log">
            {history.map((item, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows or loses its last entries, so a position names one entry
              <li key={position}>
                {item.label} → {leafTitle(item.after)}
                {item.effects.length > 0 ? ` (${item.effects.join('; ')})` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function holdText(snapshot: OnboardingSnapshot): string {
  const hold = selectHold(snapshot);
  if (hold.status === 'none') return 'No slot held';
  const status = hold.status === 'ending' ? 'ending (more time offered)' : hold.status;
  return `${status}, ${hold.countdown} left`;
}

function ScreenPreviews({ snapshot }: { snapshot: OnboardingSnapshot }) {
  const title = leafTitle(snapshot);
  return (
    <div className={styles.frames}>
      <figure className={styles.frameBox}>
        <ScreenFrame width={360} height={720} scale={0.5} title={`The screen at 360 px: ${title}`}>
          <Screen snapshot={snapshot} send={IGNORE_EVENTS} />
        </ScreenFrame>
        <figcaption className={styles.muted}>360 px wide</figcaption>
      </figure>
      <figure className={styles.frameBox}>
        <ScreenFrame
          width={1280}
          height={1000}
          scale={0.34}
          title={`The screen at 1280 px: ${title}`}
        >
          <Screen snapshot={snapshot} send={IGNORE_EVENTS} />
        </ScreenFrame>
        <figcaption className={styles.muted}>1280 px wide</figcaption>
      </figure>
    </div>
  );
}
