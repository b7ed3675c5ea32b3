import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, PGLITE_SUBDIR } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * PGlite's shared memory is resident in full from its start (decision 36): it runs with the
 * shared buffers set on its command line, whatever the data directory's postgresql.conf says.
 * On PostgreSQL the server's own settings apply, so this runs on PGlite only.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite memory', () => {
  let test: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    database = await openDatabase({ dataDir: test.dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await test?.cleanup();
  });

  it('runs with 16 MB of shared buffers, not the 128 MB initdb wrote in postgresql.conf', async () => {
    const conf = await readFile(path.join(test.dataDir, PGLITE_SUBDIR, 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 128MB/m);
    const session = await database.session();
    try {
      const [row] = await session.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(row?.shared_buffers).toBe('16MB');
    } finally {
      session.release();
    }
  });
});
