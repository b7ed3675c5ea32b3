import { pgliteTemplate, postgresTemplate } from '../src/testing.ts';

/**
 * Builds the PGlite template, and the PostgreSQL one when TEST_DATABASE_URL is set, once, before
 * test files run in parallel and copy them.
 */
export default async function setup() {
  await pgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await postgresTemplate(process.env.TEST_DATABASE_URL);
}
