import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const trackerDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The store of the test project that is running: PostgreSQL (TEST_DATABASE_URL) in the PostgreSQL
 * project, PGlite in the PGlite one; `key` is how the benches' store settings name it. Read when
 * called, as each project sets its own variables.
 */
export function projectStore() {
  const postgres = process.env.TEST_DATABASE_URL || undefined;
  return postgres
    ? ({ postgres, name: 'PostgreSQL', key: 'postgres' } as const)
    : ({ postgres, name: 'PGlite', key: 'pglite' } as const);
}

/**
 * Runs one of the package's benches as its command does (node with tsx, from the package's
 * folder) with `env` on this process's variables; the only PostgreSQL it can reach is the
 * project's (no developer's DATABASE_URL). Resolves with its output; rejects, with the exit code
 * and the output, when it ends other than with 0.
 */
export function runBench(script: string, env: Record<string, string>) {
  const { postgres } = projectStore();
  return promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: trackerDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      BENCH_DATABASE_URL: postgres ?? '',
      TEST_DATABASE_URL: postgres ?? '',
      ...env,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
}
