import type { ReactNode } from 'react';
import * as styles from './StatechartPage.css.ts';

/**
 * A simulation's Undo (the last step) and Reset (back to where it started), both off before the
 * first step; a chart's own tools follow them in the same row.
 */
export function SimulationSteps({
  steps,
  onUndo,
  onReset,
  children,
}: {
  /** How many steps the simulation has taken. */
  steps: number;
  onUndo: () => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={styles.group}>
      <button type="button" className={styles.tool} onClick={onUndo} disabled={steps === 0}>
        Undo
      </button>
      <button type="button" className={styles.tool} onClick={onReset} disabled={steps === 0}>
        Reset
      </button>
      {children}
    </div>
  );
}
