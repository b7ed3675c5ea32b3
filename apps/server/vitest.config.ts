import { defineConfig } from 'vitest/config';

/**
 * The files run in a shuffled order (each file sets up what it tests, so none may depend on
 * another having run first); Vitest prints the seed, and TEST_SEED=N repeats that order.
 */
const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

export default defineConfig({
  test: {
    sequence: { shuffle: { files: true, tests: false }, seed },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
