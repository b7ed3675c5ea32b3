import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real site server, driven in Chromium. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // Screens settle in well under a second, but this machine is often busy with other work.
    expect: { poll: { timeout: 15_000 } },
  },
});
