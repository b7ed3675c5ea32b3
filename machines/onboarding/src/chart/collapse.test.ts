import { describe, expect, it } from 'vitest';
import { collapseGraph, toChartGraph } from '@app/statechart-tools';
import { layoutChart } from '@app/statechart-tools/layout';
import { onboardingMachine } from '../machine.ts';

const graph = toChartGraph(onboardingMachine);

describe('collapsing compound states', () => {
  it('hides their insides and moves the arrows that cross their border onto their box', async () => {
    const collapsed = collapseGraph(graph, new Set(['matching', 'matched.step.account']));
    const ids = collapsed.states.map((state) => state.id);
    expect(ids).toContain('matching');
    expect(ids.some((id) => id.startsWith('matching.'))).toBe(false);
    expect(ids).not.toContain('matched.step.account.submitting');
    expect(collapsed.states.find((state) => state.id === 'matching')?.children).toEqual([]);
    // The account call's answer now leaves the account box; its editing <-> submitting steps are gone.
    expect(collapsed.edges).toContainEqual(
      expect.objectContaining({ source: 'matched.step.account', target: 'confirm' }),
    );
    expect(
      collapsed.transitions.some((transition) =>
        transition.id.startsWith('matched.step.account.submitting xstate.error'),
      ),
    ).toBe(false);
    // Every arrow's ends are states still drawn, and ELK lays the result out.
    const drawn = new Set(ids);
    for (const edge of collapsed.edges) {
      expect(drawn.has(edge.source) && drawn.has(edge.target) && drawn.has(edge.container)).toBe(
        true,
      );
    }
    const layout = await layoutChart(collapsed);
    expect(Object.keys(layout.states).sort()).toEqual([...ids].sort());
  }, 60_000);
});
