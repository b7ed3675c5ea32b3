import { describe, expect, it } from 'vitest';
import { projectStore, runBench } from './bench-run.ts';

/**
 * `pnpm --filter @app/tracker bench` runs (each run half a second asked instead of ten) and prints
 * both rows for the store of the test's project: the teams read and the sign-ups with the
 * production password hashing. The rates are a measurement, never a pass or a fail; that each row
 * served requests and none of them failed is.
 */
describe('the tracker throughput benchmark', () => {
  it('runs with short runs and prints both rows', { timeout: 120_000 }, async () => {
    const store = projectStore();
    // Each project's own store, once.
    const { stdout, stderr } = await runBench('bench/bench.ts', {
      BENCH_SECONDS: '0.5',
      BENCH_STORES: store.key,
    });
    expect(stderr).not.toContain('skipped');
    expect(stdout).toContain('0.5 s asked per run (autocannon runs at least a second)');
    for (const scenario of ['GET /teams', 'POST /users, argon2id m=19 MiB t=2 (users created/s)']) {
      // │ 0 │ 'PGlite' │ 'GET /teams' │ req/s │ p50 │ p99 │ non2xx │
      const row = new RegExp(
        `'${store.name}'\\s*│\\s*'${scenario.replace(/[()/]/g, '\\$&')}'\\s*│\\s*([\\d.]+)\\s*│\\s*[\\d.]+\\s*│\\s*[\\d.]+\\s*│\\s*(\\d+)\\s*│`,
      );
      const match = stdout.match(row);
      expect(match, `${store.name} ${scenario}\n${stdout}`).not.toBeNull();
      expect(Number(match?.[1]), `${scenario}: requests served`).toBeGreaterThan(0);
      expect(Number(match?.[2]), `${scenario}: answers other than 2xx`).toBe(0);
    }
    const other = store.postgres ? 'PGlite' : 'PostgreSQL';
    expect(stdout).not.toContain(`'${other}'`);
  });

  // The same check whatever the store: once, in the PGlite project.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'stops at once on a store it does not know',
    async () => {
      await expect(runBench('bench/bench.ts', { BENCH_STORES: 'sqlite' })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          'BENCH_STORES: expected pglite, postgres or both (comma-separated), got sqlite',
        ),
      });
    },
  );
});
