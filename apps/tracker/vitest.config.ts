import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The suite runs on embedded PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it), each test file in a schema of its own.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The files run in a shuffled order (each file sets up what it tests, so none may depend on
 * another having run first); Vitest prints the seed, and TEST_SEED=N repeats that order.
 */
const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

export default defineConfig({
  test: {
    // A worker runs its files one after another in one module graph instead of loading the
    // tracker afresh for each (Fastify, drizzle and PGlite's WebAssembly, about 100 times with
    // both databases): 95 s of processor time instead of 177 s for the PGlite half. Each file
    // still builds its own tracker on a database or schema of its own, no test sets process.env,
    // and fake timers are put back in a finally, so nothing a file leaves behind reaches the next.
    isolate: false,
    // Without the reloading, these files mostly wait (on databases, child processes and timers:
    // a core stood idle about half the time with two), so four run at once even on two cores.
    // The PGlite half, measured one after the other on two cores: 152 s isolated with two
    // workers, 97 s with two, 67 s with four.
    maxWorkers: Math.max(4, availableParallelism()),
    sequence: { shuffle: { files: true, tests: false }, seed },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DATABASE_URL: '' } } },
      ...(onPostgres
        ? [{ extends: true as const, test: { name: 'postgres', include: ['test/**/*.test.ts'] } }]
        : []),
    ],
  },
});
