import {
  CHART_TEXT,
  type ChartScene,
  type SceneState,
  type SceneText,
} from '@app/statechart-tools';
import { select } from 'd3-selection';
import { type ZoomBehavior, type ZoomTransform, zoom, zoomIdentity } from 'd3-zoom';
import {
  forwardRef,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import * as styles from './StatechartPage.css.ts';

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
/**
 * The smallest scale "Fit" goes to: arrow labels (12 px in the chart) come out at 8.4 px, about
 * 10 px tall on screen, and state names at 10.5 px. A chart that would need less (the full machine)
 * is shown at this scale round the current state, to be panned; zooming out still shows it whole.
 */
export const READABLE_ZOOM = 0.7;

export interface CanvasApi {
  fit(): void;
  zoomBy(factor: number): void;
  /** Centres the view on a state, zooming in to at least `minScale`. */
  goTo(id: string, minScale?: number): void;
  /** The drawing as it is shown now (for the PNG export's size). */
  svgElement(): SVGSVGElement | null;
}

export type CoverageClass = 'all' | 'some' | 'none';

export interface CanvasProps {
  scene: ChartScene;
  title: string;
  description: string;
  /** States the simulated (or followed) machine is in, ancestors included. */
  active: ReadonlySet<string>;
  /** True when the followed flow has ended: its final state is drawn as reached. */
  ended?: boolean;
  selected: string | null;
  /** Arrows just taken, drawn with a short flash. */
  taken: ReadonlySet<string>;
  /** Arrow id -> how well the path suites cover it, when coverage is shown. */
  coverage: ReadonlyMap<string, CoverageClass> | null;
  onSelect: (id: string) => void;
  onZoom: (scale: number) => void;
  /** Buttons for this view, over the canvas's top right corner. */
  controls?: ReactNode;
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter((name) => typeof name === 'string' && name !== '').join(' ');
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

function StateShape({
  state,
  active,
  selected,
  ended,
  onSelect,
}: {
  state: SceneState;
  active: boolean;
  selected: boolean;
  ended: boolean;
  onSelect: (id: string) => void;
}) {
  const { x, y, width, height } = state.box;
  const leaf = state.kind === 'atomic' || state.kind === 'final';
  const radius = state.kind === 'machine' ? 12 : state.kind === 'compound' ? 10 : 8;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboard users select states with the search box and the states list
    <g
      data-state={state.id}
      data-active={active ? 'true' : undefined}
      data-selected={selected ? 'true' : undefined}
      onClick={(event) => {
        if (state.kind === 'machine') return;
        event.stopPropagation();
        onSelect(state.id);
      }}
    >
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={radius}
        className={classes(
          styles.box[state.kind],
          active && state.kind !== 'machine' && styles.activeBox,
          active && leaf && (ended ? styles.endedLeaf : styles.activeLeaf),
          selected && styles.selectedBox,
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

/** The scene's SVG content, shared by the canvas and the exports. */
export function SceneShapes({
  scene,
  markerId,
  active,
  ended = false,
  selected,
  taken,
  coverage,
  onSelect,
}: Omit<CanvasProps, 'title' | 'description' | 'onZoom' | 'controls'> & { markerId: string }) {
  const arrow = `${markerId}-arrow`;
  return (
    <>
      <defs>
        <marker
          id={arrow}
          viewBox="0 0 10 10"
          refX={10}
          refY={5}
          markerWidth={8}
          markerHeight={8}
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" className={styles.arrowHead} />
        </marker>
      </defs>
      {scene.states.map((state) => (
        <StateShape
          key={state.id}
          state={state}
          active={active.has(state.id)}
          selected={selected === state.id}
          ended={ended}
          onSelect={onSelect}
        />
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
        const live = active.has(edge.source) && !ended;
        const cover = coverage?.get(edge.id);
        return (
          <g
            key={edge.id}
            data-edge={edge.id}
            data-taken={taken.has(edge.id) ? 'true' : undefined}
            data-coverage={cover}
          >
            <path
              d={edge.path}
              className={classes(
                styles.edge,
                styles.edgeStyle[edge.style ?? 'plain'],
                live && styles.edgeFromActive,
                cover !== undefined && styles.coverage[cover],
                taken.has(edge.id) && styles.edgeTaken,
              )}
              markerEnd={`url(#${arrow})`}
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
    </>
  );
}

const KEY_PAN = 80;

/**
 * The diagram on a canvas a designer can move around in: drag to pan, wheel or pinch to zoom
 * (d3-zoom), keys when it has focus (arrows pan, + and - zoom, 0 fits), and a minimap that
 * recentres the view where it is clicked.
 */
export const Canvas = forwardRef<CanvasApi, CanvasProps>(function Canvas(props, ref) {
  const { scene, title, description, onZoom } = props;
  const id = `studio${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [view, setView] = useState<ZoomTransform>(zoomIdentity);
  const [size, setSize] = useState({ width: 1, height: 1 });
  /**
   * Set by "Fit" when it stopped at the readable size: the view shows part of the chart. The page's
   * HTML (the chart at 100 %, before any script) shows part of it too, and says so: the browser's
   * first drawing then adds no text larger than what was already on screen, so the page counts as
   * painted from its HTML. The canvas opens with it, as its HTML does (the page is hydrated), and
   * the first fit decides.
   */
  const [hint, setHint] = useState(true);

  useEffect(() => {
    const svg = svgRef.current;
    if (svg === null) return;
    const zoomer = zoom<SVGSVGElement, unknown>()
      // The visible box, read from layout (d3's default reads SVG length attributes).
      .extent(() => {
        const box = svg.getBoundingClientRect();
        return [
          [0, 0],
          [Math.max(1, box.width), Math.max(1, box.height)],
        ];
      })
      .scaleExtent([MIN_ZOOM, MAX_ZOOM])
      .on('zoom', (event: { transform: ZoomTransform; sourceEvent: unknown }) => {
        // A drag, wheel or pinch: the designer is moving on, the hint has done its work.
        if (event.sourceEvent !== null && event.sourceEvent !== undefined) setHint(false);
        layerRef.current?.setAttribute('transform', event.transform.toString());
        setView(event.transform);
        onZoom(event.transform.k);
      });
    behaviour.current = zoomer;
    select(svg).call(zoomer).on('dblclick.zoom', null);
    if (typeof ResizeObserver === 'undefined') return () => select(svg).on('.zoom', null);
    const observer = new ResizeObserver(() => {
      const box = svg.getBoundingClientRect();
      setSize({ width: Math.max(1, box.width), height: Math.max(1, box.height) });
    });
    observer.observe(svg);
    return () => {
      observer.disconnect();
      select(svg).on('.zoom', null);
    };
  }, [onZoom]);

  const apply = (transform: ZoomTransform) => {
    const svg = svgRef.current;
    const zoomer = behaviour.current;
    if (svg === null || zoomer === null) return;
    select(svg).call(zoomer.transform, transform);
  };

  /** The current state's box (its innermost active state drawn), if any. */
  const currentBox = () => {
    const drawn = scene.states.filter((state) => props.active.has(state.id));
    const innermost = drawn.filter(
      (state) =>
        state.kind !== 'machine' &&
        !drawn.some(
          (other) =>
            other !== state &&
            other.box.x >= state.box.x &&
            other.box.y >= state.box.y &&
            other.box.x + other.box.width <= state.box.x + state.box.width &&
            other.box.y + other.box.height <= state.box.y + state.box.height,
        ),
    );
    return innermost[0]?.box ?? null;
  };

  /**
   * The whole chart, centred, when it can be shown at a readable size; else the readable size,
   * round the current state (the chart's start when none), kept inside the chart's edges.
   */
  const fitTransform = (): ZoomTransform => {
    const svg = svgRef.current;
    const box = svg?.getBoundingClientRect();
    const width = box?.width ?? size.width;
    const height = box?.height ?? size.height;
    const margin = 8;
    const whole = Math.min(
      (width - 2 * margin) / scene.width,
      (height - 2 * margin) / scene.height,
    );
    if (whole >= READABLE_ZOOM) {
      const k = Math.min(MAX_ZOOM, whole);
      return zoomIdentity
        .translate((width - scene.width * k) / 2, (height - scene.height * k) / 2)
        .scale(k);
    }
    const k = READABLE_ZOOM;
    const focus = currentBox() ?? { x: 0, y: 0, width: 0, height: 0 };
    const clamp = (value: number, low: number, high: number) =>
      Math.min(high, Math.max(low, value));
    // Centre the focus, but never show more than the margin beyond the chart's edges.
    const x = clamp(
      width / 2 - (focus.x + focus.width / 2) * k,
      width - margin - scene.width * k,
      margin,
    );
    const y = clamp(
      height / 2 - (focus.y + focus.height / 2) * k,
      height - margin - scene.height * k,
      margin,
    );
    return zoomIdentity.translate(x, y).scale(k);
  };

  const api: CanvasApi = {
    fit: () => {
      const transform = fitTransform();
      apply(transform);
      setHint(transform.k === READABLE_ZOOM);
    },
    zoomBy: (factor) => {
      setHint(false);
      const svg = svgRef.current;
      const zoomer = behaviour.current;
      if (svg !== null && zoomer !== null) select(svg).call(zoomer.scaleBy, factor);
    },
    goTo: (stateId, minScale = 1) => {
      setHint(false);
      const target = scene.states.find((state) => state.id === stateId);
      const svg = svgRef.current;
      if (target === undefined || svg === null) return;
      const box = svg.getBoundingClientRect();
      const k = Math.max(view.k, Math.min(minScale, MAX_ZOOM));
      const cx = target.box.x + target.box.width / 2;
      const cy = target.box.y + target.box.height / 2;
      apply(zoomIdentity.translate(box.width / 2 - cx * k, box.height / 2 - cy * k).scale(k));
    },
    svgElement: () => svgRef.current,
  };
  useImperativeHandle(ref, () => api);

  // A new view (screens or full machine) opens fitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the scene changes
  useEffect(() => {
    api.fit();
  }, [scene]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const svg = svgRef.current;
    const zoomer = behaviour.current;
    if (svg === null || zoomer === null || event.target !== event.currentTarget) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const move = pan[event.key];
    if (move !== undefined) {
      select(svg).call(zoomer.translateBy, move[0] / view.k, move[1] / view.k);
    } else if (event.key === '+' || event.key === '=') {
      api.zoomBy(1.25);
    } else if (event.key === '-') {
      api.zoomBy(0.8);
    } else if (event.key === '0') {
      api.fit();
    } else {
      return;
    }
    event.preventDefault();
  };

  // The minimap: the whole scene, and the part of it the canvas shows.
  const mapScale = Math.min(150 / scene.width, 92 / scene.height);
  const shown = {
    x: -view.x / view.k,
    y: -view.y / view.k,
    width: size.width / view.k,
    height: size.height / view.k,
  };

  return (
    <section
      className={styles.canvas}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes focus so arrow keys pan it (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Diagram canvas: arrow keys pan, + and - zoom, 0 fits the view"
      onKeyDown={onKeyDown}
    >
      <svg
        ref={svgRef}
        className={styles.svg}
        role="img"
        aria-label={title}
        aria-describedby={`${id}-desc`}
      >
        <title>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g ref={layerRef}>
          <SceneShapes {...props} markerId={id} />
        </g>
      </svg>
      {props.controls === undefined ? null : (
        <div className={styles.canvasControls}>{props.controls}</div>
      )}
      {hint ? (
        <p className={styles.canvasHint}>
          Part of the chart, at a readable size: drag or zoom out to see more.
        </p>
      ) : null}
      <svg
        className={styles.minimap}
        viewBox={`0 0 ${scene.width * mapScale} ${scene.height * mapScale}`}
        aria-hidden="true"
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const scale = Math.min(
            box.width / (scene.width * mapScale),
            box.height / (scene.height * mapScale),
          );
          const x = (event.clientX - box.left) / scale / mapScale;
          const y = (event.clientY - box.top) / scale / mapScale;
          apply(
            zoomIdentity
              .translate(size.width / 2 - x * view.k, size.height / 2 - y * view.k)
              .scale(view.k),
          );
        }}
      >
        {scene.states
          .filter((state) => state.kind !== 'machine')
          .map((state) => (
            <rect
              key={state.id}
              x={state.box.x * mapScale}
              y={state.box.y * mapScale}
              width={state.box.width * mapScale}
              height={state.box.height * mapScale}
              className={styles.minimapState}
            />
          ))}
        <rect
          x={shown.x * mapScale}
          y={shown.y * mapScale}
          width={shown.width * mapScale}
          height={shown.height * mapScale}
          className={styles.minimapView}
        />
      </svg>
    </section>
  );
});
