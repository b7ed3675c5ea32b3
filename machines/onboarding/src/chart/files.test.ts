import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
import { onboardingMachine } from '../machine.ts';
import { onboardingChartLayout, screensChartLayout } from './committed.ts';

const chartFile = (name: string) =>
  readFileSync(new URL(`../../chart/${name}`, import.meta.url), 'utf8');
const STALE = '(run `pnpm statechart` after changing the machine)';

describe('statechart files', () => {
  it(`Mermaid is up to date with the machine ${STALE}`, () => {
    expect(chartFile('onboarding.mmd')).toBe(toMermaid(onboardingMachine));
  });

  it(`layout is what ELK makes of the machine today ${STALE}`, async () => {
    const layout = await layoutChart(toChartGraph(onboardingMachine));
    expect(chartFile('onboarding.layout.json')).toBe(serialiseLayout(layout));
    expect(onboardingChartLayout).toEqual(layout);
    // ELK takes one to two seconds alone, several when the other test files share the cores.
  }, 60_000);

  it(`SVG is drawn from the machine and its layout ${STALE}`, () => {
    const graph = toChartGraph(onboardingMachine);
    const svg = toSvg(graph, onboardingChartLayout, {
      title: CHART_TITLE,
      description: chartDescription(graph),
    });
    expect(chartFile('onboarding.svg')).toBe(svg);
  });

  it(`screens view layout and SVG are up to date with the machine ${STALE}`, async () => {
    const screens = toScreensGraph(toChartGraph(onboardingMachine));
    const layout = await layoutChart(screens, SCREENS_LAYOUT_OPTIONS, SCREENS_LAYOUT_BY_STATE);
    expect(chartFile('screens.layout.json')).toBe(serialiseLayout(layout));
    expect(screensChartLayout).toEqual(layout);
    expect(chartFile('screens.svg')).toBe(
      toSvg(screens, layout, { title: SCREENS_TITLE, description: screensDescription(screens) }),
    );
  }, 60_000);

  it('Mermaid draws every screen with its route and the spec transitions', () => {
    const chart = toMermaid(onboardingMachine);
    expect(chart.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(chart).toContain('state "intro /onboarding/{category}/intro" as matched_step_intro');
    expect(chart).toContain(
      'matched_step_intro --> matched_step_goal : submit name [name filled in]',
    );
    expect(chart).toContain('matching --> matched : after 10 s');
    expect(chart).toContain(
      'matched_hold_live_counting --> matched_hold_live_ending : after 9 min',
    );
    expect(chart).toContain(
      'matched_hold_live_ending --> matched_hold_live_extending : hold the slot longer',
    );
  });
});
