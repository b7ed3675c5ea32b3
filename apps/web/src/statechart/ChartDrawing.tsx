import { CHART_TEXT, type ChartScene, type SceneState, type SceneText } from '@app/onboarding';
import { useId } from 'react';
import * as styles from './StatechartPage.css.ts';

interface ChartDrawingProps {
  scene: ChartScene;
  title: string;
  description: string;
  active: ReadonlySet<string>;
  /** Share of the natural size to draw at. */
  zoom: number;
}

function classes(...names: (string | false)[]): string {
  return names.filter((name) => name !== false).join(' ');
}

function Label({ part, size, className }: { part: SceneText; size: number; className: string }) {
  return (
    <text
      x={part.at.x}
      y={part.at.y}
      textAnchor={part.anchor}
      fontSize={size}
      className={className}
    >
      {part.text}
    </text>
  );
}

function StateShape({ state, active }: { state: SceneState; active: boolean }) {
  const { x, y, width, height } = state.box;
  const leaf = state.kind === 'atomic' || state.kind === 'final';
  const radius = state.kind === 'machine' ? 12 : state.kind === 'compound' ? 10 : 8;
  return (
    <g data-state={state.id} data-active={active ? 'true' : undefined}>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={radius}
        className={classes(
          styles.box[state.kind],
          active && state.kind !== 'machine' && styles.activeBox,
          active && leaf && styles.activeLeaf,
        )}
      />
      {state.kind === 'final' ? (
        <rect
          x={x + 3}
          y={y + 3}
          width={width - 6}
          height={height - 6}
          rx={6}
          className={styles.finalInner}
        />
      ) : null}
      <Label part={state.name} size={CHART_TEXT.nameSize} className={styles.name} />
      {state.detail === null ? null : (
        <Label part={state.detail} size={CHART_TEXT.detailSize} className={styles.detail} />
      )}
    </g>
  );
}

/**
 * The chart as inline SVG, drawn from the same scene as `chart/onboarding.svg`; active states
 * and the arrows leaving them are highlighted. Colours come from classes, never from style
 * attributes, so the page keeps to the site's style CSP.
 */
export function ChartDrawing({ scene, title, description, active, zoom }: ChartDrawingProps) {
  const id = `statechart${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const arrow = `${id}-arrow`;
  const activeArrow = `${id}-arrow-active`;
  return (
    <svg
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      width={Math.round(scene.width * zoom)}
      height={Math.round(scene.height * zoom)}
      role="img"
      // Named directly: the text of an SVG <title> is not reliably taken by reference
      // (aria-labelledby); Testing Library's accessibility tree, for one, does not take it.
      aria-label={title}
      aria-describedby={`${id}-desc`}
      className={styles.svg}
    >
      <title>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <defs>
        {[arrow, activeArrow].map((marker) => (
          <marker
            key={marker}
            id={marker}
            viewBox="0 0 10 10"
            refX={10}
            refY={5}
            markerWidth={8}
            markerHeight={8}
            // The same size whatever the stroke: highlighted arrows are drawn thicker.
            markerUnits="userSpaceOnUse"
            orient="auto-start-reverse"
          >
            <path
              d="M0 0L10 5L0 10z"
              className={marker === arrow ? styles.arrowHead : styles.labelFromActive}
            />
          </marker>
        ))}
      </defs>
      {scene.states.map((state) => (
        <StateShape key={state.id} state={state} active={active.has(state.id)} />
      ))}
      {scene.initials.map((initial) => (
        <g key={initial.id}>
          <circle
            cx={initial.center.x}
            cy={initial.center.y}
            r={initial.radius}
            className={styles.initialDot}
          />
          <path d={initial.path} className={styles.edge} markerEnd={`url(#${arrow})`} />
        </g>
      ))}
      {scene.edges.map((edge) => {
        const live = active.has(edge.source);
        return (
          <g key={edge.id} data-edge={edge.id}>
            <path
              d={edge.path}
              className={classes(styles.edge, live && styles.edgeFromActive)}
              markerEnd={`url(#${live ? activeArrow : arrow})`}
            />
            {edge.label === null ? null : (
              <>
                <rect
                  x={edge.label.box.x}
                  y={edge.label.box.y}
                  width={edge.label.box.width}
                  height={edge.label.box.height}
                  rx={3}
                  className={styles.labelBox}
                />
                <Label
                  part={{ text: edge.label.text, at: edge.label.at, anchor: 'middle' }}
                  size={CHART_TEXT.detailSize}
                  className={classes(styles.labelText, live && styles.labelFromActive)}
                />
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}
