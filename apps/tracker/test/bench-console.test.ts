import { describe, expect, it } from 'vitest';
import { projectStore, runBench } from './bench-run.ts';

/**
 * `pnpm --filter @app/tracker bench:console` runs (on 100 join requests instead of 10,000) and
 * prints a median and a slowest time for every list, whole and with each search and filter, at
 * its first and its last page, on PGlite in the PGlite project and on PostgreSQL in the PostgreSQL
 * project (each store once). The figures themselves are a measurement, never a pass or a fail.
 */
const LISTS = [
  'join requests',
  'join requests, q=applicant 12',
  'join requests, q=no match',
  'join requests, area=work',
  'join requests, overdue',
  'join requests, q + area + overdue',
  'info calls',
  'feedback',
  'feedback (one area)',
  'audit log',
  'audit log, q=applicant 12',
  'audit log, q=no match',
  'audit log, action',
  'audit log, operator',
  'teams',
  'teams, q=applicant 12',
  'teams, q=no match',
  'teams, area=work',
];

describe('the console lists benchmark', () => {
  it('runs on a small data set and prints every figure', { timeout: 240_000 }, async () => {
    const store = projectStore();
    const { stdout } = await runBench('bench/console-lists.ts', {
      BENCH_CONSOLE_REQUESTS: '100',
      BENCH_CONSOLE_STORES: store.key,
    });
    expect(stdout).toContain('Console lists on 100 join requests');
    for (const list of LISTS) {
      for (const page of ["'first'", "'last \\(offset \\d+\\)'"]) {
        const row = new RegExp(
          `'${store.name}'\\s*│\\s*'${list.replace(/[()+]/g, '\\$&')}'\\s*│\\s*\\d+\\s*│\\s*${page}\\s*│\\s*[\\d.]+\\s*│\\s*[\\d.]+\\s*│`,
        );
        expect(stdout, `${store.name} ${list} ${page}`).toMatch(row);
      }
    }
  });
});
