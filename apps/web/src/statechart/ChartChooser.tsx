import { useEffect, useId, useRef } from 'react';
import { CHARTS, type ChartKey } from './charts.ts';
import * as styles from './StatechartPage.css.ts';

/** Set when a chart is chosen: the other studio's chooser takes the focus the old one had. */
let refocus = false;

/** Which machine the studio draws: a labelled select in the toolbar. */
export function ChartChooser({
  chart,
  onChoose,
}: {
  chart: ChartKey;
  onChoose: (chart: ChartKey) => void;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    select.current?.focus();
  }, []);
  return (
    <span className={styles.chooser}>
      <label htmlFor={id}>Chart</label>
      <select
        id={id}
        ref={select}
        className={styles.tool}
        value={chart}
        onChange={(event) => {
          const next = CHARTS.find((item) => item.key === event.target.value)?.key;
          if (next === undefined || next === chart) return;
          refocus = true;
          onChoose(next);
        }}
      >
        {CHARTS.map((item) => (
          <option key={item.key} value={item.key}>
            {item.label}
          </option>
        ))}
      </select>
    </span>
  );
}
