import {
  CHART_TITLE,
  type ChartLayout,
  chartDescription,
  SCREENS_LAYOUT_BY_STATE,
  SCREENS_LAYOUT_OPTIONS,
  SCREENS_TITLE,
  screensDescription,
  serialiseLayout,
  toChartGraph,
  toMermaid,
  toScreensGraph,
  toSvg,
} from '@app/statechart-tools';
import { layoutChart } from '@app/statechart-tools/layout';
import { onboardingMachine } from '../machine.ts';

/**
 * The statechart files as the machine makes them today, by name under `chart/`: the Mermaid
 * chart, ELK's layouts of the chart and of its screens view, and both drawn as SVG. `pnpm
 * statechart` writes them; the chart test checks the committed ones are these.
 */
export async function chartFiles(): Promise<{
  files: [name: string, text: string][];
  layout: ChartLayout;
  screensLayout: ChartLayout;
}> {
  const graph = toChartGraph(onboardingMachine);
  const layout = await layoutChart(graph);
  const screens = toScreensGraph(graph);
  const screensLayout = await layoutChart(screens, SCREENS_LAYOUT_OPTIONS, SCREENS_LAYOUT_BY_STATE);
  const files: [string, string][] = [
    ['onboarding.mmd', toMermaid(onboardingMachine)],
    ['onboarding.layout.json', serialiseLayout(layout)],
    [
      'onboarding.svg',
      toSvg(graph, layout, { title: CHART_TITLE, description: chartDescription(graph) }),
    ],
    ['screens.layout.json', serialiseLayout(screensLayout)],
    [
      'screens.svg',
      toSvg(screens, screensLayout, {
        title: SCREENS_TITLE,
        description: screensDescription(screens),
      }),
    ],
  ];
  return { files, layout, screensLayout };
}
