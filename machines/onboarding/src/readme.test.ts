import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onboardingMachine } from './machine.ts';
import { STEP_ROUTES, STEPS } from './steps.ts';

// The README's lists of steps are checked against the machine and its step table, so a step
// added, renamed or moved shows here until the README says so too.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the README's "States and routes" table: the state ids it names, and the route. */
function routeRows(): { ids: string[]; route: string }[] {
  const section = readme.split('## States and routes')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [first = '', route = ''] = line.split('|').slice(1);
      // The state ids before any parenthesis; those inside name its child states.
      const ids = [...(first.split('(')[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
      return { ids, route: route.trim().replaceAll('`', '') };
    });
}

/** A step's state id in the machine: `thank-you` is `thankYou`. */
const stateId = (step: string) => step.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe("the onboarding README's step lists", () => {
  it('name every step of the step table once, with its route', () => {
    const rows = routeRows();
    for (const step of STEPS) {
      const found = rows.filter((row) => row.ids.includes(stateId(step)));
      expect([step, found.length]).toEqual([step, 1]);
      const route = found[0]?.route ?? '';
      expect([step, route.replace('{step}', step)]).toEqual([step, STEP_ROUTES[step]]);
    }
  });

  it("name the matched state's step region as the machine has it", () => {
    const region = /region `step` \(([^)]+)\)/.exec(readme)?.[1] ?? '';
    const matched = onboardingMachine.root.states.matched;
    const steps = Object.keys(matched?.states.step?.states ?? {});
    expect(steps.length).toBeGreaterThan(0);
    expect(region.split(',').map((s) => s.trim())).toEqual(steps);
  });
});
