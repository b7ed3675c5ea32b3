import { defineConfig } from 'vitest/config';

/**
 * The suite runs on embedded PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (CI sets it), each test file in a schema of its own.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
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
