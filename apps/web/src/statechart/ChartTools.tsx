import type { RefObject } from 'react';
import type { AnyStateMachine } from 'xstate';
import { type CanvasApi, MAX_ZOOM, MIN_ZOOM } from './Canvas.tsx';
import { downloadMermaid, downloadPng, downloadSvg } from './exportChart.ts';
import * as styles from './StatechartPage.css.ts';
import type { ChartView } from './views.ts';

/**
 * The studio toolbar's right-hand tools, the same for every chart: zoom, fit and go to the
 * current state; the exports of the chart shown; and the toggles of the chart's panels.
 */
export function ChartTools<Key extends string>({
  canvas,
  zoom,
  goToCurrent,
  view,
  machine,
  panels,
  panel,
  onPanel,
}: {
  canvas: RefObject<CanvasApi | null>;
  zoom: number;
  goToCurrent: () => void;
  /** What the SVG and PNG exports draw. */
  view: ChartView;
  /** What the Mermaid export writes. */
  machine: AnyStateMachine;
  panels: readonly { key: Key; label: string }[];
  panel: Key | null;
  onPanel: (update: (open: Key | null) => Key | null) => void;
}) {
  return (
    <>
      <div className={`${styles.group} ${styles.collapsible}`}>
        <button
          type="button"
          className={styles.tool}
          onClick={() => canvas.current?.zoomBy(0.8)}
          disabled={zoom <= MIN_ZOOM + 0.001}
          aria-label="Zoom out"
        >
          −
        </button>
        <output className={styles.zoomText} aria-label="Zoom">
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className={styles.tool}
          onClick={() => canvas.current?.zoomBy(1.25)}
          disabled={zoom >= MAX_ZOOM - 0.001}
          aria-label="Zoom in"
        >
          +
        </button>
        <button type="button" className={styles.tool} onClick={() => canvas.current?.fit()}>
          Fit
        </button>
        <button type="button" className={styles.tool} onClick={goToCurrent}>
          Go to current
        </button>
      </div>
      <fieldset className={`${styles.group} ${styles.collapsible}`} aria-label="Export">
        <button
          type="button"
          className={styles.tool}
          onClick={() => downloadSvg(view)}
          aria-label="Export SVG"
        >
          SVG
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() => void downloadPng(view)}
          aria-label="Export PNG"
        >
          PNG
        </button>
        <button
          type="button"
          className={styles.tool}
          onClick={() => downloadMermaid(machine)}
          aria-label="Export Mermaid"
        >
          Mermaid
        </button>
      </fieldset>
      <fieldset className={`${styles.group} ${styles.push}`} aria-label="Panels">
        {panels.map((item) => (
          <button
            key={item.key}
            type="button"
            className={styles.tool}
            aria-pressed={panel === item.key}
            aria-controls={panel === item.key ? 'studio-panel' : undefined}
            onClick={() => onPanel((open) => (open === item.key ? null : item.key))}
          >
            {item.label}
          </button>
        ))}
      </fieldset>
    </>
  );
}
