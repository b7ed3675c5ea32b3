import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHART_TITLE,
  chartDescription,
  onboardingChartLayout,
  serialiseLayout,
  toChartGraph,
  toMermaid,
  toSvg,
} from './chart.ts';
import { layoutChart } from './diagram/layout.ts';
import { onboardingMachine } from './machine.ts';

const chartFile = (name: string) =>
  readFileSync(new URL(`../chart/${name}`, import.meta.url), 'utf8');
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

  it('Mermaid draws every screen with its route and the spec transitions', () => {
    const chart = toMermaid(onboardingMachine);
    expect(chart.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(chart).toContain('state "intro /onboarding/{category}/intro" as matched_step_intro');
    expect(chart).toContain('matched_step_intro --> matched_step_goal : intro.submit [validName]');
    expect(chart).toContain('matching --> matched : after teamFetchTimeout');
    expect(chart).toContain('matched_hold_ending --> matched_hold_counting : hold.extend');
  });
});
