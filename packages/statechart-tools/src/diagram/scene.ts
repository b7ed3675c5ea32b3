import { type Box, CHART_BOX, CHART_TEXT, type ChartLayout, type Point } from './geometry.ts';
import type { ChartGraph, ChartState, EdgeStyle } from './graph.ts';

/**
 * The chart as shapes to paint: the SVG writer serialises it and the web viewer renders it, so
 * both show the same picture. Everything here is derived from the graph and its layout.
 */
export interface ChartScene {
  width: number;
  height: number;
  /** Outer states before inner ones, so that painting in order leaves children on top. */
  states: SceneState[];
  initials: SceneInitial[];
  edges: SceneEdge[];
}

export type SceneStateKind = 'machine' | 'compound' | 'parallel' | 'region' | 'atomic' | 'final';

export interface SceneState {
  id: string;
  kind: SceneStateKind;
  box: Box;
  name: SceneText;
  detail: SceneText | null;
}

export interface SceneText {
  text: string;
  at: Point;
  anchor: 'start' | 'middle';
}

export interface SceneInitial {
  id: string;
  center: Point;
  radius: number;
  path: string;
}

export interface SceneEdge {
  id: string;
  source: string;
  target: string;
  style: EdgeStyle | null;
  path: string;
  label: { text: string; box: Box; at: Point } | null;
}

/**
 * The two lines a state box shows: its name, then the screen route when it is a screen. The
 * machine's own transitions (taken in every state) are named under the machine's name instead
 * of being drawn as arrows.
 */
export function stateLines(
  graph: ChartGraph,
  state: ChartState,
): { name: string; detail: string | null } {
  if (state.id === graph.root) {
    const everywhere = graph.transitions
      .filter((transition) => transition.source === graph.root)
      .map((transition) => transition.label);
    return {
      name: state.key,
      detail: everywhere.length > 0 ? `in every state: ${everywhere.join(', ')}` : null,
    };
  }
  return { name: state.key, detail: graph.detail === 'title' ? state.title : state.route };
}

function kindOf(graph: ChartGraph, state: ChartState, parent: ChartState | undefined) {
  if (state.id === graph.root) return 'machine';
  if (parent?.type === 'parallel') return 'region';
  if (state.type === 'final') return 'final';
  if (state.type === 'parallel') return 'parallel';
  return state.children.length > 0 ? 'compound' : 'atomic';
}

/** A styled arrow bows to one side of the straight line between its ends. */
function curveThrough(points: readonly Point[]): string {
  const start = points[0];
  const end = points[points.length - 1];
  if (start === undefined || end === undefined) return '';
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const bow = 0.25;
  const control = {
    x: Math.round((start.x + end.x) / 2 - dy * bow),
    y: Math.round((start.y + end.y) / 2 + dx * bow),
  };
  return `M${start.x} ${start.y} Q${control.x} ${control.y} ${end.x} ${end.y}`;
}

function pathThrough(points: readonly Point[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

export function toChartScene(graph: ChartGraph, layout: ChartLayout): ChartScene {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const states: SceneState[] = [];
  for (const state of graph.states) {
    const box = layout.states[state.id];
    if (box === undefined) continue;
    const kind = kindOf(graph, state, state.parent === null ? undefined : byId.get(state.parent));
    const { name, detail } = stateLines(graph, state);
    const leaf = state.children.length === 0;
    const nameY = leaf
      ? box.y +
        box.height / 2 +
        (detail === null ? CHART_TEXT.nameSize / 2 - 2 : -(CHART_TEXT.lineGap / 2) - 1)
      : box.y + CHART_TEXT.nameSize + 8;
    const x = leaf ? box.x + box.width / 2 : box.x + CHART_BOX.padding;
    const anchor = leaf ? 'middle' : 'start';
    states.push({
      id: state.id,
      kind,
      box,
      name: { text: name, at: { x, y: Math.round(nameY) }, anchor },
      detail:
        detail === null
          ? null
          : {
              text: detail,
              at: {
                x,
                y: Math.round(nameY + CHART_TEXT.lineGap + CHART_TEXT.detailSize + 1),
              },
              anchor,
            },
    });
  }
  const initials: SceneInitial[] = Object.entries(layout.initials).map(([id, marker]) => ({
    id,
    center: {
      x: marker.dot.x + marker.dot.width / 2,
      y: marker.dot.y + marker.dot.height / 2,
    },
    radius: marker.dot.width / 2,
    path: pathThrough(marker.points),
  }));
  const edges: SceneEdge[] = [];
  for (const edge of graph.edges) {
    const route = layout.edges[edge.id];
    if (route === undefined) continue;
    edges.push({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      style: edge.style ?? null,
      path: edge.style === undefined ? pathThrough(route.points) : curveThrough(route.points),
      label:
        route.label === null
          ? null
          : {
              text: edge.label,
              box: route.label,
              at: {
                x: route.label.x + route.label.width / 2,
                y: route.label.y + route.label.height / 2 + CHART_TEXT.detailSize / 2 - 2,
              },
            },
    });
  }
  return { width: layout.width, height: layout.height, states, initials, edges };
}
