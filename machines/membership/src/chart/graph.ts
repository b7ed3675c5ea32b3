import { type ChartGraph, toChartGraph } from '@app/statechart-tools';
import { membershipMachine } from '../machine.ts';

export const MEMBERSHIP_CHART_TITLE = 'Membership statechart';

/** The membership machine as chart data; each box shows the state's title under its name. */
export function membershipGraph(): ChartGraph {
  return { ...toChartGraph(membershipMachine), detail: 'title' };
}

export function membershipDescription(graph: ChartGraph): string {
  return (
    `The membership machine with its ${graph.states.length - 1} states and ` +
    `${graph.transitions.length} transitions, from an account without a team to a member, off ` +
    'the team again and back to asking for one. Boxes are states with their titles, double ' +
    'boxes are end states, a dot marks the state entered first, and each arrow is a transition ' +
    'labelled with its event and, in brackets, its guard.'
  );
}
