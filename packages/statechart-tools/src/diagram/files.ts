import type { ChartLayout } from './geometry.ts';
import type { ChartGraph } from './graph.ts';

export const CHART_TITLE = 'Onboarding statechart';
export const SCREENS_TITLE = 'Onboarding screens';

/**
 * ELK options of the screens view: the flow runs left to right and wraps into rows, so that it
 * fits a landscape screen; each level is laid out on its own (the view's arrows never cross a
 * region's border), labels sit on their arrows.
 */
export const SCREENS_LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.direction': 'RIGHT',
  'elk.layered.wrapping.strategy': 'MULTI_EDGE',
  'elk.aspectRatio': '1.8',
  'elk.edgeLabels.inline': 'true',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
};

/**
 * The slot hold's boxes, closer together: drawn whole (its last-minute warning included), the hold
 * stays no wider than the screens' flow below it, so the view still fits a 1280 px screen readably.
 */
const TIGHT: Readonly<Record<string, string>> = {
  'elk.layered.spacing.nodeNodeBetweenLayers': '6',
  'elk.layered.spacing.edgeNodeBetweenLayers': '4',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '4',
  'elk.spacing.edgeLabel': '2',
};
export const SCREENS_LAYOUT_BY_STATE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'matched.hold': TIGHT,
  'matched.hold.live': TIGHT,
};

/** The text alternative of the screens view. */
export function screensDescription(graph: ChartGraph): string {
  const screens = graph.states.filter((state) => state.route !== null).length;
  return (
    `The ${screens} onboarding screens a prospect sees and the slot hold beside them, with ` +
    `${graph.transitions.length} arrows for what moves the prospect on: their actions, the ` +
    "calls' outcomes and the timers. Dashed arrows are Go back; dotted ones return to the team " +
    'step when the slot hold runs out.'
  );
}

/** The text alternative of the drawing: what it shows and where the full list is. */
export function chartDescription(graph: ChartGraph): string {
  const screens = graph.states.filter((state) => state.route !== null).length;
  return (
    `The onboarding machine with its ${graph.states.length - 1} states (${screens} of them ` +
    `screens with a route) and ${graph.transitions.length} transitions, nested as the machine ` +
    'nests them. Boxes are states, dashed boxes are regions that run side by side, double boxes ' +
    'are end states, a dot marks the state entered first, and each arrow is a transition ' +
    'labelled with its event and, in brackets, its guard.'
  );
}

/** The layout as JSON with one state, marker or arrow a line, so a change reads well in a diff. */
export function serialiseLayout(layout: ChartLayout): string {
  const record = (name: string, entries: Record<string, unknown>) =>
    `  ${JSON.stringify(name)}: {\n${Object.entries(entries)
      .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(',\n')}\n  }`;
  return `{\n  "width": ${layout.width},\n  "height": ${layout.height},\n${[
    record('states', layout.states),
    record('initials', layout.initials),
    record('edges', layout.edges),
  ].join(',\n')}\n}\n`;
}
