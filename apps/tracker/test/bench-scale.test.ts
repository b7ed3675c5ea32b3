import { describe, expect, it } from 'vitest';
import { projectStore, runBench } from './bench-run.ts';

/**
 * `pnpm --filter @app/tracker bench:scale` runs (on 12 members with 20 days instead of 1,000 and
 * 10,000 with a year) and prints each figure for the store of the test's project. The figures
 * are a measurement, never a pass or a fail.
 */
const WHAT = [
  'seed',
  'quiet spells worked out',
  'tick: reminders (1st)',
  'tick: we miss you (1st)',
  'tick: weekly recaps (1st)',
  'tick: daily digests (1st)',
  'tick: we miss you (2nd)',
  'list: quiet members, first page',
  'list: quiet members, last page',
  'list: join requests, last page',
  'home, 1 reader',
  'home, 20 readers',
  'board, 1 reader',
  'board, 20 readers',
];

describe('the scale benchmark', () => {
  it('runs on a small data set and prints every figure', { timeout: 400_000 }, async () => {
    const store = projectStore();
    const { stdout } = await runBench('bench/scale.ts', {
      BENCH_SCALE_MEMBERS: '12',
      BENCH_SCALE_DAYS: '20',
      // Each project's own store: the PGlite project has run the PGlite rows already.
      BENCH_SCALE_STORES: store.key,
    });
    expect(stdout).toContain('The tracker at 12 members with 20 days each');
    expect(stdout).toContain('Growth from 12 to 12 members');
    for (const what of WHAT) {
      const row = new RegExp(
        `'${store.name}'\\s*│\\s*'${what.replace(/[()]/g, '\\$&')}'\\s*│\\s*[\\d.]+\\s*│`,
      );
      expect(stdout, `${store.name} ${what}`).toMatch(row);
    }
  });
});
