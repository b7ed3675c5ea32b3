import type { ChartGraph, ChartState } from '@app/statechart-tools';
import { type CoverageFile, levelsOf } from './coverage.ts';
import * as styles from './StatechartPage.css.ts';
import { MACHINE_GRAPH, STATES, stateHash } from './views.ts';

interface Chart {
  graph: ChartGraph;
  states: ReadonlyMap<string, ChartState>;
  /** The link to a state (`#intro`). */
  hash: (id: string) => string;
}

const ONBOARDING: Chart = { graph: MACHINE_GRAPH, states: STATES, hash: stateHash };

export function ListPanel({
  active,
  coverageFile,
  chart = ONBOARDING,
}: {
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
  /** The machine listed: the onboarding's by default. */
  chart?: Chart;
}) {
  const root = chart.states.get(chart.graph.root);
  if (root === undefined) return null;
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>States and transitions</h2>
      <ul className={styles.list}>
        <StateItem state={root} active={active} coverageFile={coverageFile} chart={chart} />
      </ul>
    </div>
  );
}

function StateItem({
  state,
  active,
  coverageFile,
  chart,
}: {
  state: ChartState;
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
  chart: Chart;
}) {
  const isActive = active.has(state.id);
  const transitions = chart.graph.transitions.filter((t) => t.source === state.id);
  const children = state.children
    .map((id) => chart.states.get(id))
    .filter((child): child is ChartState => child !== undefined);
  return (
    <li aria-current={isActive ? 'true' : undefined}>
      {state.id === chart.graph.root ? (
        <span className={styles.stateName}>{state.key}</span>
      ) : (
        <a className={styles.stateName} href={`#${chart.hash(state.id)}`}>
          {state.id}
        </a>
      )}
      {state.title === null ? null : <> “{state.title}”</>}
      {state.route === null ? null : <> ({state.route})</>}
      {state.type === 'final' ? ' (end state)' : ''}
      {isActive ? <span className={styles.badge}>active</span> : null}
      {transitions.length > 0 ? (
        <ul className={styles.transitions} aria-label={`Transitions of ${state.id}`}>
          {transitions.map((transition) => (
            <li key={transition.id}>
              on {transition.label}:{' '}
              {transition.targets.length === 0 ? 'stays' : `to ${transition.targets.join(', ')}`}
              {coverageFile === null
                ? null
                : ` (covered by: ${levelsOf(coverageFile, transition.id).join(', ') || 'none'})`}
            </li>
          ))}
        </ul>
      ) : null}
      {children.length > 0 ? (
        <ul className={styles.list}>
          {children.map((child) => (
            <StateItem
              key={child.id}
              state={child}
              active={active}
              coverageFile={coverageFile}
              chart={chart}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
