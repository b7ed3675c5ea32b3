/**
 * Writes the statechart files from the machine definition: chart/onboarding.mmd (Mermaid),
 * chart/onboarding.layout.json (ELK's layout, which the web studio draws too),
 * chart/onboarding.svg, and the screens view: chart/screens.layout.json and chart/screens.svg.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CHART_TITLE,
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
import { onboardingMachine } from '../src/machine.ts';

const file = (name: string) => fileURLToPath(new URL(`../chart/${name}`, import.meta.url));

const graph = toChartGraph(onboardingMachine);
const layout = await layoutChart(graph);
const screens = toScreensGraph(graph);
const screensLayout = await layoutChart(screens, SCREENS_LAYOUT_OPTIONS, SCREENS_LAYOUT_BY_STATE);
const outputs: [string, string][] = [
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
for (const [name, text] of outputs) {
  writeFileSync(file(name), text);
  console.log(`wrote ${file(name)}`);
}
