import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toMermaid } from './chart.ts';
import { onboardingMachine } from './machine.ts';

const chartPath = new URL('../chart/onboarding.mmd', import.meta.url);

describe('statechart diagram', () => {
  it('is up to date with the machine (run `pnpm statechart` after changing it)', () => {
    expect(readFileSync(chartPath, 'utf8')).toBe(toMermaid(onboardingMachine));
  });

  it('draws every screen with its route and the spec transitions', () => {
    const chart = toMermaid(onboardingMachine);
    expect(chart.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(chart).toContain('state "intro /onboarding/{category}/intro" as matched_step_intro');
    expect(chart).toContain('matched_step_intro --> matched_step_goal : intro.submit [validName]');
    expect(chart).toContain('matching --> matched : after teamFetchTimeout');
    expect(chart).toContain('matched_hold_ending --> matched_hold_counting : hold.extend');
  });
});
