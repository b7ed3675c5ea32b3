import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The files run one after another in one module graph instead of loading React, Radix and
    // jsdom's setup afresh for each: the setup file cleans up after every test, and the tests put
    // back the globals and timers they replace.
    isolate: false,
  },
});
