import { describe, expect, it } from 'vitest';
import { pairCoverage, pairsTaken } from './pairs.ts';

describe('transition pairs of a run', () => {
  it('pairs each step with the next step that takes a transition, across ignored events', () => {
    expect([...pairsTaken([['a'], [], ['b', 'c'], ['d']])].sort()).toEqual([
      'a => b',
      'a => c',
      'b => d',
      'c => d',
    ]);
  });

  it('counts only feasible pairs, and names the ones no run took', () => {
    const feasible = new Set(['a => b', 'b => a', 'b => c']);
    expect(
      pairCoverage(
        [
          [['a'], ['b']],
          [['b'], ['x']],
        ],
        feasible,
      ),
    ).toEqual({
      covered: 1,
      total: 3,
      missing: ['b => a', 'b => c'],
    });
  });
});
