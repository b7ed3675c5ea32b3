import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `pnpm --filter @app/tracker bench:scale` runs (on 12 members with 20 days instead of 1,000 and
 * 10,000 with a year) and prints each figure for the store of the test's project. The figures
 * are a measurement, never a pass or a fail.
 */
const trackerDir = fileURLToPath(new URL('..', import.meta.url));

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
    const postgres = process.env.TEST_DATABASE_URL || undefined;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/scale.ts'],
      {
        cwd: trackerDir,
        env: {
          ...process.env,
          BENCH_SCALE_MEMBERS: '12',
          BENCH_SCALE_DAYS: '20',
          // Each project's own store: the PGlite project has run the PGlite rows already.
          BENCH_SCALE_STORES: postgres ? 'postgres' : 'pglite',
          BENCH_DATABASE_URL: '',
          DATABASE_URL: '',
          TEST_DATABASE_URL: postgres ?? '',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expect(stdout).toContain('The tracker at 12 members with 20 days each');
    expect(stdout).toContain('Growth from 12 to 12 members');
    for (const store of [postgres ? 'PostgreSQL' : 'PGlite']) {
      for (const what of WHAT) {
        const row = new RegExp(
          `'${store}'\\s*│\\s*'${what.replace(/[()]/g, '\\$&')}'\\s*│\\s*[\\d.]+\\s*│`,
        );
        expect(stdout, `${store} ${what}`).toMatch(row);
      }
    }
  });
});
