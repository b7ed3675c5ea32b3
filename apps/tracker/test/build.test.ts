import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { UPLOADS_PATH } from '@app/contracts';
import { startBuilt } from '@app/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { API_KEY } from './helpers.ts';

const trackerDir = fileURLToPath(new URL('..', import.meta.url));
/** The build `pnpm test` made before the tests (made here when missing, for a run of this file alone). */
const outDir = 'dist';

/** Runs the built server.js; resolves with the API's URL once it listens. */
const startTracker = (env: Record<string, string>) =>
  startBuilt(
    trackerDir,
    [`${outDir}/server.js`],
    /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
    env,
  );

describe('the compiled standalone tracker', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    if (!existsSync(path.join(trackerDir, outDir, 'server.js'))) {
      await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: trackerDir });
    }
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('runs with plain Node: migrations, seed photos, the hashing worker, and SIGTERM', async () => {
    const { child, url } = startTracker({
      TRACKER_PORT: '0',
      TRACKER_PUBLIC_PORT: '0',
      TRACKER_API_KEY: API_KEY,
      TRACKER_DATA_DIR: database.dataDir,
      SHUTDOWN_DRAIN_MS: '0',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const base = await url;
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const photo = await fetch(`${base}${UPLOADS_PATH}/seed/maya-thompson.svg`);
      expect(photo.status).toBe(200);
      // A sign-up hashes its password on the worker pool's thread (hash-worker.mjs).
      const signUp = await fetch(`${base}/users`, {
        method: 'POST',
        headers: {
          'x-api-key': API_KEY,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          email: `built-${randomUUID()}@example.com`,
          password: 'secret-password',
          name: 'Built Tracker',
          goalSummary: 'Run it compiled',
          teamId: 1,
        }),
      });
      expect(signUp.status).toBe(201);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
