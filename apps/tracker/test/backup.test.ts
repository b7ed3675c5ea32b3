import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ProfileResponse, UPLOADS_PATH } from '@app/contracts';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { TEST_ONLY_HASH_COST } from '../src/password.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker, type RunningTracker, startTracker } from '../src/tracker.ts';
import { IMAGES, multipart, newUser } from './helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** A tracker started twice, a backup and a restore, each in a process of its own. */
const SLOW_MS = 600_000;
const PACKAGE_DIR = path.join(import.meta.dirname, '..');
const run = promisify(execFile);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** `pnpm --filter @app/tracker backup|restore FILE`, with the tracker's settings in `env`. */
async function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const { DATABASE_URL: _ambient, ...inherited } = process.env;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/backup-cli.ts', command, file],
    { cwd: PACKAGE_DIR, env: { ...inherited, ...env } },
  );
  return stdout;
}

async function post(tracker: RunningTracker, url: string, init: RequestInit) {
  return fetch(`${tracker.url}${url}`, {
    ...init,
    method: 'POST',
    headers: { 'x-api-key': tracker.apiKey, ...init.headers },
  });
}

async function createUser(tracker: RunningTracker): Promise<number> {
  const res = await post(tracker, '/users', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUser()),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { user: { id: number } }).user.id;
}

async function uploadPhoto(tracker: RunningTracker, userId: number): Promise<string> {
  const form = multipart([
    { name: 'photoFile', filename: 'me.png', type: 'image/png', data: IMAGES.png },
  ]);
  const res = await post(tracker, `/users/${userId}/profile`, {
    headers: form.headers,
    body: form.payload,
  });
  expect(res.status).toBe(200);
  const key = ProfileResponse.parse(await res.json()).photo;
  if (!key) throw new Error('no photo key');
  return key;
}

/**
 * Backs a tracker up while sign-ups keep arriving, restores the file into `restoreTo`, opens a
 * tracker there and looks for every sign-up acknowledged before the backup began, the photo and
 * (on PGlite) the API key kept in the data directory.
 */
async function backUpUnderWritesAndRestore(store: {
  source: { dataDir: string; databaseUrl?: string };
  sourceEnv: Record<string, string>;
  restoreTo: { dataDir: string; databaseUrl?: string };
  restoreEnv: Record<string, string>;
}) {
  const tracker = await startTracker({
    ...store.source,
    env: {},
    reminderCheckSeconds: 0,
    passwordCost: TEST_ONLY_HASH_COST,
  });
  cleanups.push(() => tracker.close());
  const photoOwner = await createUser(tracker);
  const photo = await uploadPhoto(tracker, photoOwner);
  const acknowledged: number[] = [photoOwner];
  for (let i = 0; i < 5; i++) acknowledged.push(await createUser(tracker));

  // Sign-ups go on, one after another, until the backup is done.
  let backingUp = true;
  const during: number[] = [];
  const writer = (async () => {
    while (backingUp) during.push(await createUser(tracker));
  })();
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'tracker-backup-')), 'backup');
  cleanups.push(() => rm(path.dirname(file), { recursive: true, force: true }));
  try {
    expect(await cli('backup', file, store.sourceEnv)).toMatch(/^Backed up /);
  } finally {
    backingUp = false;
    await writer;
  }
  expect(during.length).toBeGreaterThan(0);
  expect((await stat(file)).mode & 0o077).toBe(0);
  const apiKey = tracker.apiKey;
  await tracker.close();

  expect(await cli('restore', file, store.restoreEnv)).toMatch(/^Restored /);
  const restored = await buildTracker({ ...store.restoreTo, env: {}, reminderCheckSeconds: 0 });
  cleanups.push(() => restored.close());
  const ids = new Set(
    (await restored.database.db.select({ id: users.id }).from(users)).map((row) => row.id),
  );
  for (const id of acknowledged) expect(ids).toContain(id);
  const served = await restored.inject({ url: `${UPLOADS_PATH}/${photo}` });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload).toEqual(IMAGES.png);
  return { apiKey, restored, file };
}

describe.skipIf(onPostgres)('backup and restore of the embedded store', () => {
  it(
    'backs a running tracker up under writes; the restored directory has every acknowledged write, the photos and the secrets',
    async () => {
      const source = await createTestDatabase();
      cleanups.push(() => source.cleanup());
      const restoreDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-restored-'));
      cleanups.push(() => rm(restoreDir, { recursive: true, force: true }));
      const { apiKey, restored, file } = await backUpUnderWritesAndRestore({
        source: { dataDir: source.dataDir },
        sourceEnv: { TRACKER_DATA_DIR: source.dataDir },
        restoreTo: { dataDir: restoreDir },
        restoreEnv: { TRACKER_DATA_DIR: restoreDir },
      });
      // The API key generated into the source's data directory came along.
      expect(restored.apiKey).toBe(apiKey);
      await restored.close();

      // A directory that holds a database is never overwritten.
      await expect(cli('restore', file, { TRACKER_DATA_DIR: restoreDir })).rejects.toThrow(
        /already holds a database/,
      );
    },
    SLOW_MS,
  );
});

describe.runIf(onPostgres)('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  /** A new database on the test server, dropped after the test. */
  async function freshDatabase(): Promise<string> {
    const server = process.env.TEST_DATABASE_URL ?? '';
    const name = `tracker_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    });
    const url = new URL(server);
    url.pathname = `/${name}`;
    url.search = '';
    return url.toString();
  }

  it(
    'backs a running tracker up under writes; a fresh database restored from it has every acknowledged write and the photos',
    async () => {
      const [source, target] = [await freshDatabase(), await freshDatabase()];
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-backup-pg-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const { restored, file } = await backUpUnderWritesAndRestore({
        source: { dataDir, databaseUrl: source },
        sourceEnv: { DATABASE_URL: source, TRACKER_DATA_DIR: dataDir },
        restoreTo: { dataDir, databaseUrl: target },
        restoreEnv: { DATABASE_URL: target, TRACKER_DATA_DIR: dataDir },
      });
      await restored.close();

      // A database that holds tables is never restored into.
      await expect(
        cli('restore', file, { DATABASE_URL: target, TRACKER_DATA_DIR: dataDir }),
      ).rejects.toThrow(/already holds tables/);
    },
    SLOW_MS,
  );
});
