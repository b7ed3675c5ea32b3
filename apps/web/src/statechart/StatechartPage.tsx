import {
  CHART_TITLE,
  type ChartGraph,
  type ChartState,
  chartDescription,
  type HoldView,
  onboardingChartLayout,
  onboardingMachine,
  toChartGraph,
  toChartScene,
} from '@app/onboarding';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { ChartDrawing } from './ChartDrawing.tsx';
import { type LiveOnboarding, readLiveOnboarding, useStoredSnapshot } from './liveOnboarding.ts';
import * as styles from './StatechartPage.css.ts';

const GRAPH = toChartGraph(onboardingMachine);
const SCENE = toChartScene(GRAPH, onboardingChartLayout);
const STATES = new Map(GRAPH.states.map((state) => [state.id, state]));
/** Shares of the natural size; at 1 the labels are drawn at 11 to 13 px. */
const ZOOMS = [0.25, 0.5, 0.75, 1] as const;
const DEFAULT_ZOOM = ZOOMS.length - 1;

/** The innermost active states: the step and the hold, as the machine is in both at once. */
function activeLeaves(graph: ChartGraph, active: ReadonlySet<string>): string[] {
  return graph.states
    .filter((state) => active.has(state.id) && !state.children.some((child) => active.has(child)))
    .map((state) => state.id);
}

function holdText(hold: HoldView): string {
  switch (hold.status) {
    case 'none':
      return 'No team slot is held';
    case 'counting':
      return `Held, ${hold.countdown} left`;
    case 'ending':
      return `Ending, ${hold.countdown} left (more time is offered)`;
    case 'expired':
      return 'Expired: the slot was released';
  }
}

export function StatechartPage() {
  usePageTitle(CHART_TITLE);
  const stored = useStoredSnapshot();
  const live = useMemo(() => readLiveOnboarding(GRAPH, stored), [stored]);
  const active: ReadonlySet<string> = live.running ? live.active : new Set<string>();
  const leaves = activeLeaves(GRAPH, active);
  const [zoomIndex, setZoomIndex] = useState<number>(DEFAULT_ZOOM);
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const viewport = useRef<HTMLElement>(null);
  const leafKey = leaves.join(' ');

  // Bring the step the other tab is on into view when it changes (not on every clock tick).
  useEffect(() => {
    const element = viewport.current;
    const step = leafKey
      .split(' ')
      .find((id) => id.startsWith('matched.step') || !id.startsWith('matched.'));
    const box = step === undefined ? undefined : onboardingChartLayout.states[step];
    if (element === null || box === undefined) return;
    element.scrollLeft = Math.max(0, (box.x + box.width / 2) * zoom - element.clientWidth / 2);
    element.scrollTop = Math.max(0, (box.y + box.height / 2) * zoom - element.clientHeight / 2);
  }, [leafKey, zoom]);

  const description = live.running
    ? `${chartDescription(GRAPH)} Highlighted: ${leaves.join(', ')}.`
    : `${chartDescription(GRAPH)} No onboarding is running, so nothing is highlighted.`;

  return (
    <>
      <section className={ui.pageHeader}>
        <div className={ui.container}>
          <h1 className={ui.h1}>{CHART_TITLE}</h1>
          <p className={ui.lead}>
            Every state and transition of the onboarding flow, drawn from the machine itself. Open
            the onboarding in another tab of this browser and this page follows it.
          </p>
        </div>
      </section>
      <section className={ui.section}>
        <div className={`${ui.container} ${styles.stack}`}>
          <LiveStatus live={live} />
          <div className={styles.toolbar}>
            <button
              type="button"
              className={ui.button.secondary}
              onClick={() => setZoomIndex((index) => Math.max(0, index - 1))}
              disabled={zoomIndex === 0}
            >
              Zoom out
            </button>
            <button
              type="button"
              className={ui.button.secondary}
              onClick={() => setZoomIndex((index) => Math.min(ZOOMS.length - 1, index + 1))}
              disabled={zoomIndex === ZOOMS.length - 1}
            >
              Zoom in
            </button>
            <span>Zoom {Math.round(zoom * 100)}%</span>
          </div>
          <section
            ref={viewport}
            className={styles.viewport}
            aria-label="Statechart drawing"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1)
            tabIndex={0}
          >
            <ChartDrawing
              scene={SCENE}
              title={CHART_TITLE}
              description={description}
              active={active}
              zoom={zoom}
            />
          </section>
          <section aria-labelledby="statechart-states">
            <h2 id="statechart-states" className={ui.h2}>
              States and transitions
            </h2>
            <StateList graph={GRAPH} active={active} />
          </section>
        </div>
      </section>
    </>
  );
}

function LiveStatus({ live }: { live: LiveOnboarding }) {
  if (!live.running) {
    return (
      <div className={styles.status}>
        <h2 className={styles.statusTitle}>Live onboarding</h2>
        <p role="status">
          No onboarding is running. Start one at{' '}
          <a href="/onboarding" target="_blank" rel="noopener">
            /onboarding
          </a>{' '}
          (opens in a new tab) and its states are highlighted here.
        </p>
      </div>
    );
  }
  const step = live.screen?.title ?? 'a step without a screen';
  return (
    <div className={styles.status}>
      <h2 className={styles.statusTitle}>Live onboarding</h2>
      <p role="status">An onboarding is running in another tab, on “{step}”.</p>
      <dl className={styles.facts}>
        <dt className={styles.term}>Step</dt>
        <dd className={styles.value}>{step}</dd>
        <dt className={styles.term}>Route</dt>
        <dd className={`${styles.value} ${styles.code}`}>{live.route}</dd>
        <dt className={styles.term}>Slot hold</dt>
        <dd className={styles.value}>{holdText(live.hold)}</dd>
      </dl>
    </div>
  );
}

function kindText(graph: ChartGraph, state: ChartState): string {
  const parent = state.parent === null ? undefined : STATES.get(state.parent);
  const parts: string[] = [];
  if (parent?.type === 'parallel') parts.push('region');
  if (state.type === 'parallel') parts.push('parallel: its regions run side by side');
  if (state.type === 'final') parts.push('end state');
  if (parent?.initial.includes(state.id)) parts.push('entered first');
  if (state.id === graph.root) parts.push('the whole machine');
  return parts.join(', ');
}

function targetText(graph: ChartGraph, targets: readonly string[]): string {
  if (targets.length === 0) return 'stays';
  return `to ${targets.map((id) => (id === graph.root ? graph.root : id)).join(', ')}`;
}

function StateList({ graph, active }: { graph: ChartGraph; active: ReadonlySet<string> }) {
  const root = STATES.get(graph.root);
  if (root === undefined) return null;
  return (
    <ul className={styles.list}>
      <StateItem graph={graph} state={root} active={active} />
    </ul>
  );
}

function StateItem({
  graph,
  state,
  active,
}: {
  graph: ChartGraph;
  state: ChartState;
  active: ReadonlySet<string>;
}) {
  const isActive = active.has(state.id);
  const kind = kindText(graph, state);
  const transitions = graph.transitions.filter((transition) => transition.source === state.id);
  const children = state.children
    .map((id) => STATES.get(id))
    .filter((child): child is ChartState => child !== undefined);
  return (
    <li aria-current={isActive ? 'true' : undefined}>
      <span className={styles.stateName}>{state.id === graph.root ? state.key : state.id}</span>
      {state.route === null ? null : <> ({state.route})</>}
      {kind === '' ? null : <> ({kind})</>}
      {isActive ? <span className={styles.activeBadge}>active</span> : null}
      {transitions.length > 0 ? (
        <ul className={styles.transitions} aria-label={`Transitions of ${state.id}`}>
          {transitions.map((transition) => (
            <li key={transition.id}>
              on {transition.label}: {targetText(graph, transition.targets)}
            </li>
          ))}
        </ul>
      ) : null}
      {children.length > 0 ? (
        <ul className={styles.list}>
          {children.map((child) => (
            <StateItem key={child.id} graph={graph} state={child} active={active} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
