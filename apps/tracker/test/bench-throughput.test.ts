import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * `pnpm --filter @app/tracker bench` runs (each run half a second asked instead of ten) and prints
 * both rows for the store of the test's project: the teams read and the sign-ups with the
 * production password hashing. The rates are a measurement, never a pass or a fail; that each row
 * served requests and none of them failed is.
 */
const trackerDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

function bench(env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'bench/bench.ts'], {
    cwd: trackerDir,
    env: { ...process.env, BENCH_DATABASE_URL: '', DATABASE_URL: '', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

describe('the tracker throughput benchmark', () => {
  it('runs with short runs and prints both rows', { timeout: 120_000 }, async () => {
    const postgres = process.env.TEST_DATABASE_URL || undefined;
    const store = postgres ? 'PostgreSQL' : 'PGlite';
    const { stdout, stderr } = await bench({
      BENCH_SECONDS: '0.5',
      // Each project's own store, once.
      BENCH_STORES: postgres ? 'postgres' : 'pglite',
      BENCH_DATABASE_URL: postgres ?? '',
      TEST_DATABASE_URL: postgres ?? '',
    });
    expect(stderr).not.toContain('skipped');
    expect(stdout).toContain('0.5 s asked per run (autocannon runs at least a second)');
    for (const scenario of ['GET /teams', 'POST /users, argon2id m=19 MiB t=2 (users created/s)']) {
      // │ 0 │ 'PGlite' │ 'GET /teams' │ req/s │ p50 │ p99 │ non2xx │
      const row = new RegExp(
        `'${store}'\\s*│\\s*'${scenario.replace(/[()/]/g, '\\$&')}'\\s*│\\s*([\\d.]+)\\s*│\\s*[\\d.]+\\s*│\\s*[\\d.]+\\s*│\\s*(\\d+)\\s*│`,
      );
      const match = stdout.match(row);
      expect(match, `${store} ${scenario}\n${stdout}`).not.toBeNull();
      expect(Number(match?.[1]), `${scenario}: requests served`).toBeGreaterThan(0);
      expect(Number(match?.[2]), `${scenario}: answers other than 2xx`).toBe(0);
    }
    const other = postgres ? 'PGlite' : 'PostgreSQL';
    expect(stdout).not.toContain(`'${other}'`);
  });

  // The same check whatever the store: once, in the PGlite project.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'stops at once on a store it does not know',
    async () => {
      const failed = await bench({ BENCH_STORES: 'sqlite' }).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain(
        'BENCH_STORES: expected pglite, postgres or both (comma-separated), got sqlite',
      );
    },
  );
});
