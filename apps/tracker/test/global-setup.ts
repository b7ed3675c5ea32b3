import { pgliteTemplate } from '../src/testing.ts';

/** Builds the PGlite template once, before test files run in parallel and copy it. */
export default async function setup() {
  await pgliteTemplate();
}
