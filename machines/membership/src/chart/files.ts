import { type ChartLayout, serialiseLayout, toMermaid, toSvg } from '@app/statechart-tools';
import { layoutChart } from '@app/statechart-tools/layout';
import { membershipMachine } from '../machine.ts';
import { MEMBERSHIP_CHART_TITLE, membershipDescription, membershipGraph } from './graph.ts';

/**
 * The membership's statechart files as the machine makes them today, by name under `chart/`: the
 * Mermaid chart, ELK's layout and the SVG. `pnpm statechart` writes them; the chart test checks
 * the committed ones are these.
 */
export async function chartFiles(): Promise<{
  files: [name: string, text: string][];
  layout: ChartLayout;
}> {
  const graph = membershipGraph();
  const layout = await layoutChart(graph);
  const files: [string, string][] = [
    ['membership.mmd', toMermaid(membershipMachine)],
    ['membership.layout.json', serialiseLayout(layout)],
    [
      'membership.svg',
      toSvg(graph, layout, {
        title: MEMBERSHIP_CHART_TITLE,
        description: membershipDescription(graph),
      }),
    ],
  ];
  return { files, layout };
}
