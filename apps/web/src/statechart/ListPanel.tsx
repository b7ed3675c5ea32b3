import type { ChartState } from '@app/statechart-tools';
import { type CoverageFile, levelsOf } from './coverage.ts';
import * as styles from './StatechartPage.css.ts';
import { MACHINE_GRAPH, STATES, stateHash } from './views.ts';

export function ListPanel({
  active,
  coverageFile,
}: {
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
}) {
  const root = STATES.get(MACHINE_GRAPH.root);
  if (root === undefined) return null;
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>States and transitions</h2>
      <ul className={styles.list}>
        <StateItem state={root} active={active} coverageFile={coverageFile} />
      </ul>
    </div>
  );
}

function StateItem({
  state,
  active,
  coverageFile,
}: {
  state: ChartState;
  active: ReadonlySet<string>;
  coverageFile: CoverageFile | null;
}) {
  const isActive = active.has(state.id);
  const transitions = MACHINE_GRAPH.transitions.filter((t) => t.source === state.id);
  const children = state.children
    .map((id) => STATES.get(id))
    .filter((child): child is ChartState => child !== undefined);
  return (
    <li aria-current={isActive ? 'true' : undefined}>
      {state.id === MACHINE_GRAPH.root ? (
        <span className={styles.stateName}>{state.key}</span>
      ) : (
        <a className={styles.stateName} href={`#${stateHash(state.id)}`}>
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
            <StateItem key={child.id} state={child} active={active} coverageFile={coverageFile} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
