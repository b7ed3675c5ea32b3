import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // The files leave no state behind (each renders and cleans up its own screens), so they share
    // one jsdom per worker instead of loading it afresh for each file: about half the time here.
    isolate: false,
    // Whole screens render through the router on a 2-core machine shared with other work.
    testTimeout: 20_000,
  },
});
