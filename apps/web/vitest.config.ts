import { availableParallelism } from 'node:os';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    // Two files at a time at least: Vitest's default is one fewer than the cores (one, on a
    // 2-core machine), and these files wait on databases, child processes and timers much of
    // the time (85 s to 45 s on such a machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./qa/paths-run.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'qa/**/*.test.ts'],
    css: false,
    // The files leave no state behind (\`test/setup.ts\` clears the page, storage, stubs and timers
    // after each), so they share one jsdom per worker instead of loading it afresh for each file.
    isolate: false,
    // Each model path replays a whole onboarding through the React app: a few seconds on a
    // 2-core machine running other work, more than Vitest's 5 s default.
    testTimeout: 30_000,
  },
});
