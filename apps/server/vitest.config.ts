import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The files run in a shuffled order (each file sets up what it tests, so none may depend on
 * another having run first); Vitest prints the seed, and TEST_SEED=N repeats that order.
 */
const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

export default defineConfig({
  test: {
    // Two files at a time at least: Vitest's default is one fewer than the cores (one, on a
    // 2-core machine), and these files wait on databases, child processes and timers much of
    // the time (83 s to 52 s on such a machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files in one module graph instead of loading the site, and the tracker
    // it embeds, afresh for each file: 95 s of processor time instead of 140 s in two runs made
    // one after the other. Each file starts its own servers, and none sets process.env.
    isolate: false,
    sequence: { shuffle: { files: true, tests: false }, seed },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
