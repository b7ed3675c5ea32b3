import { readFileSync } from 'node:fs';
import { toMermaid } from '@app/statechart-tools';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardingMachine } from '../machine.ts';
import { onboardingChartLayout, screensChartLayout } from './committed.ts';
import { chartFiles } from './files.ts';

const chartFile = (name: string) =>
  readFileSync(new URL(`../../chart/${name}`, import.meta.url), 'utf8');
const STALE = '(run `pnpm statechart` after changing the machine)';

describe('statechart files', () => {
  // ELK takes one to two seconds a layout alone, several when the other test files share the cores.
  let made: Awaited<ReturnType<typeof chartFiles>>;
  beforeAll(async () => {
    made = await chartFiles();
  }, 60_000);

  it.each([
    'onboarding.mmd',
    'onboarding.layout.json',
    'onboarding.svg',
    'screens.layout.json',
    'screens.svg',
  ])(`%s is what the machine makes today ${STALE}`, (name) => {
    const text = new Map(made.files).get(name);
    expect(text).toBeDefined();
    expect(chartFile(name)).toBe(text);
  });

  it(`the layouts the browser draws are the committed ones ${STALE}`, () => {
    expect(onboardingChartLayout).toEqual(made.layout);
    expect(screensChartLayout).toEqual(made.screensLayout);
  });

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
