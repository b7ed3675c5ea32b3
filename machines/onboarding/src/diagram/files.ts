import type { ChartLayout } from './geometry.ts';
import type { ChartGraph } from './graph.ts';

export const CHART_TITLE = 'Onboarding statechart';

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
