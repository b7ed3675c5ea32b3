import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import {
  type Box,
  CHART_BOX,
  CHART_TEXT,
  type ChartLayout,
  type EdgeRoute,
  type InitialMarker,
  type Point,
  textWidth,
} from './geometry.ts';
import type { ChartEdge, ChartGraph, ChartState } from './graph.ts';
import { stateLines } from './scene.ts';

const { padding: PADDING, header: HEADER } = CHART_BOX;
const LABEL_HEIGHT = CHART_TEXT.detailSize + 6;
const INITIAL_DOT = 12;

function initialId(stateId: string): string {
  return `${stateId} (initial)`;
}

function headerWidth(graph: ChartGraph, state: ChartState): number {
  const { name, detail } = stateLines(graph, state);
  return Math.max(
    textWidth(name, CHART_TEXT.nameSize),
    detail === null ? 0 : textWidth(detail, CHART_TEXT.detailSize),
  );
}

function leafSize(graph: ChartGraph, state: ChartState): { width: number; height: number } {
  const { detail } = stateLines(graph, state);
  const lines =
    CHART_TEXT.nameSize + (detail === null ? 0 : CHART_TEXT.lineGap + CHART_TEXT.detailSize);
  return { width: headerWidth(graph, state) + 2 * PADDING, height: Math.max(36, lines + 2 * 10) };
}

function round(value: number): number {
  return Math.round(value);
}

function roundBox(box: Box): Box {
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}

function roundPoint(point: Point): Point {
  return { x: round(point.x), y: round(point.y) };
}

/**
 * Whether an arrow goes back up the flow: states are defined in the order a visitor meets them,
 * so an arrow to a state defined earlier (Go back, a URL asking for an earlier step, the hold
 * running out) is a way back. ELK is given those reversed, which keeps the flow reading top to
 * bottom (its own cycle breaking sees only degrees across the nesting), and they are turned
 * round again afterwards.
 */
function isBackward(graph: ChartGraph, edge: ChartEdge, order: Map<string, number>): boolean {
  const from = order.get(edge.source) ?? 0;
  const to = order.get(edge.target) ?? 0;
  const target = graph.states.find((state) => state.id === edge.target);
  const source = graph.states.find((state) => state.id === edge.source);
  if (target === undefined || source === undefined) return false;
  const targetIsAncestor = target.path.every((segment, index) => source.path[index] === segment);
  return to < from && !targetIsAncestor;
}

/** ELK's layered algorithm over the whole hierarchy at once, so arrows may cross state borders. */
function toElk(
  graph: ChartGraph,
  options: Readonly<Record<string, string>>,
  byState: Readonly<Record<string, Readonly<Record<string, string>>>>,
): ElkNode {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const edgesIn = new Map<string, ElkExtendedEdge[]>();
  const addEdge = (container: string, edge: ElkExtendedEdge) => {
    const list = edgesIn.get(container) ?? [];
    list.push(edge);
    edgesIn.set(container, list);
  };
  const order = new Map(graph.states.map((state, index) => [state.id, index]));
  for (const edge of graph.edges) {
    // The machine's own transitions apply in every state: the chart says so in words instead.
    if (edge.source === graph.root) continue;
    // Styled arrows (Go back, the hold running out) are drawn round the side afterwards.
    if (edge.style !== undefined) continue;
    const reversed = isBackward(graph, edge, order);
    addEdge(edge.container, {
      id: edge.id,
      sources: [reversed ? edge.target : edge.source],
      targets: [reversed ? edge.source : edge.target],
      labels:
        edge.label === ''
          ? []
          : [
              {
                text: edge.label,
                width: textWidth(edge.label, CHART_TEXT.detailSize) + 6,
                height: LABEL_HEIGHT,
              },
            ],
    });
  }
  const build = (state: ChartState): ElkNode => {
    const children = state.children
      .map((id) => byId.get(id))
      .filter((child): child is ChartState => child !== undefined)
      .map(build);
    if (children.length === 0) return { id: state.id, ...leafSize(graph, state) };
    const target = state.initial[0];
    if (target !== undefined) {
      children.unshift({ id: initialId(state.id), width: INITIAL_DOT, height: INITIAL_DOT });
      addEdge(state.id, {
        id: `${initialId(state.id)}>${target}`,
        sources: [initialId(state.id)],
        targets: [target],
      });
    }
    return {
      id: state.id,
      children,
      edges: edgesIn.get(state.id) ?? [],
      layoutOptions: {
        'elk.padding': `[top=${HEADER},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${headerWidth(graph, state) + 2 * PADDING}, ${HEADER + PADDING})`,
      },
    };
  };
  const root = byId.get(graph.root);
  if (root === undefined) throw new Error('the chart graph has no root state');
  const built = build(root);
  const layoutOptions: Record<string, string> = {
    'elk.algorithm': 'layered',
    'elk.direction': 'DOWN',
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.json.shapeCoords': 'ROOT',
    'elk.json.edgeCoords': 'ROOT',
    'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    'elk.spacing.nodeNode': '24',
    'elk.layered.spacing.nodeNodeBetweenLayers': '36',
    'elk.spacing.edgeLabel': '4',
    'elk.spacing.edgeNode': '16',
    'elk.layered.spacing.edgeNodeBetweenLayers': '16',
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.edgeLabels.placement': 'CENTER',
    ...options,
  };
  // With the hierarchy laid out level by level, every box with children takes the options too.
  const inherit = (node: ElkNode): ElkNode =>
    node.children === undefined || node.children.length === 0
      ? node
      : {
          ...node,
          children: node.children.map(inherit),
          // Wrapping is for the long flow of the top level, not for the regions inside it.
          layoutOptions: {
            ...layoutOptions,
            ...(node === built ? {} : { 'elk.layered.wrapping.strategy': 'OFF' }),
            ...node.layoutOptions,
            ...byState[node.id],
          },
        };
  const machine =
    layoutOptions['elk.hierarchyHandling'] === 'SEPARATE_CHILDREN' ? inherit(built) : built;
  return { id: '(diagram)', children: [machine], layoutOptions };
}

/** The middle of the side of `box` that faces `other`. */
function facing(box: Box, other: Box): Point {
  const dx = other.x + other.width / 2 - (box.x + box.width / 2);
  const dy = other.y + other.height / 2 - (box.y + box.height / 2);
  if (Math.abs(dy) * 2 > Math.abs(dx)) {
    return { x: round(box.x + box.width / 2), y: dy > 0 ? box.y + box.height : box.y };
  }
  return { x: dx > 0 ? box.x + box.width : box.x, y: round(box.y + box.height / 2) };
}

/** Lays the chart graph out with ELK; the result has whole-number coordinates. */
export async function layoutChart(
  graph: ChartGraph,
  options: Readonly<Record<string, string>> = {},
  /** Options for one box's contents (by state id), over `options`; with SEPARATE_CHILDREN only. */
  byState: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Promise<ChartLayout> {
  const elk = new ELK();
  const laidOut = await elk.layout(toElk(graph, options, byState));
  const layout: ChartLayout = {
    width: round(laidOut.width ?? 0),
    height: round(laidOut.height ?? 0),
    states: {},
    initials: {},
    edges: {},
  };
  const routes = new Map<string, EdgeRoute>();
  const collect = (node: ElkNode) => {
    const box = roundBox({
      x: node.x ?? 0,
      y: node.y ?? 0,
      width: node.width ?? 0,
      height: node.height ?? 0,
    });
    if (node.id !== '(diagram)' && !node.id.endsWith(' (initial)')) layout.states[node.id] = box;
    for (const edge of node.edges ?? []) {
      const points: Point[] = [];
      for (const section of edge.sections ?? []) {
        points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
      }
      const label = edge.labels?.[0];
      routes.set(edge.id, {
        points: points.map(roundPoint),
        label:
          label === undefined
            ? null
            : roundBox({
                x: label.x ?? 0,
                y: label.y ?? 0,
                width: label.width ?? 0,
                height: label.height ?? 0,
              }),
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laidOut);
  const dots = new Map<string, Box>();
  const findDots = (node: ElkNode) => {
    if (node.id.endsWith(' (initial)')) {
      dots.set(
        node.id,
        roundBox({ x: node.x ?? 0, y: node.y ?? 0, width: INITIAL_DOT, height: INITIAL_DOT }),
      );
    }
    for (const child of node.children ?? []) findDots(child);
  };
  findDots(laidOut);
  const order = new Map(graph.states.map((state, index) => [state.id, index]));
  for (const edge of graph.edges) {
    const from = layout.states[edge.source];
    const to = layout.states[edge.target];
    if (edge.style !== undefined && from !== undefined && to !== undefined) {
      layout.edges[edge.id] = { points: [facing(from, to), facing(to, from)], label: null };
      continue;
    }
    const route = routes.get(edge.id);
    if (route === undefined) continue;
    layout.edges[edge.id] = isBackward(graph, edge, order)
      ? { ...route, points: [...route.points].reverse() }
      : route;
  }
  for (const state of graph.states) {
    for (const target of state.initial) {
      const dot = dots.get(initialId(state.id));
      const route = routes.get(`${initialId(state.id)}>${target}`);
      if (dot === undefined || route === undefined) continue;
      const marker: InitialMarker = { dot, points: route.points };
      layout.initials[state.id] = marker;
    }
  }
  return layout;
}
