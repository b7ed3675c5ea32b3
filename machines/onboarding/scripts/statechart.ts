/** Writes chart/onboarding.mmd (Mermaid) from the machine definition. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toMermaid } from '../src/chart.ts';
import { onboardingMachine } from '../src/machine.ts';

export const CHART_PATH = fileURLToPath(new URL('../chart/onboarding.mmd', import.meta.url));

writeFileSync(CHART_PATH, toMermaid(onboardingMachine));
console.log(`wrote ${CHART_PATH}`);
