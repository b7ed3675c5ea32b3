import { readFileSync } from 'node:fs';
import { type ChartState, stateLines, toMermaid } from '@app/statechart-tools';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipMachine } from '../machine.ts';
import { MEMBERSHIP_STATES } from '../names.ts';
import { membershipChartLayout, membershipGraph } from './committed.ts';
import { chartFiles } from './files.ts';

const chartFile = (name: string) =>
  readFileSync(new URL(`../../chart/${name}`, import.meta.url), 'utf8');
const STALE = '(run `pnpm statechart` after changing the machine)';

describe('membership statechart files', () => {
  // ELK takes a second or two a layout, more when other test files share the cores.
  let made: Awaited<ReturnType<typeof chartFiles>>;
  beforeAll(async () => {
    made = await chartFiles();
  }, 60_000);

  it.each(['membership.mmd', 'membership.layout.json', 'membership.svg'])(
    `%s is what the machine makes today ${STALE}`,
    (name) => {
      const text = new Map(made.files).get(name);
      expect(text).toBeDefined();
      expect(chartFile(name)).toBe(text);
    },
  );

  it(`the layout the browser draws is the committed one ${STALE}`, () => {
    expect(membershipChartLayout).toEqual(made.layout);
  });

  it('the layout draws every state and every transition of the machine', () => {
    const graph = membershipGraph();
    for (const state of MEMBERSHIP_STATES) {
      expect(membershipChartLayout.states[state]).toBeDefined();
    }
    expect(Object.keys(membershipChartLayout.states).sort()).toEqual(
      graph.states.map((state) => state.id).sort(),
    );
    // The machine's own transition (delete, from every state) is named under its name instead.
    const arrows = graph.edges.filter((edge) => edge.source !== graph.root);
    expect(arrows.filter((edge) => !(edge.id in membershipChartLayout.edges))).toEqual([]);
    expect(stateLines(graph, graph.states[0] as ChartState).detail).toBe(
      'in every state: account.delete',
    );
  });

  it('Mermaid draws the way back to a team', () => {
    const chart = toMermaid(membershipMachine);
    expect(chart).toContain('left --> applicant_waiting : team.ask [a team chosen]');
    expect(chart).toContain('quiet_listed --> seatFreed : seat.free');
  });
});
