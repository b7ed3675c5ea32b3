import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { API_KEY_LENGTH, API_KEY_PREFIX } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/lock.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { buildTracker, startTracker } from '../src/tracker.ts';
import { API_KEY, newUser } from './helpers.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Each of these opens the database two or three times, in a child process too. */
const SLOW_MS = 120_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function freshDb() {
  const db = await createTestDatabase();
  cleanups.push(() => db.cleanup());
  return db;
}

const open = (db: TestDatabase, extra = {}) =>
  buildTracker({
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    apiKey: API_KEY,
    // A killed process's lock is taken over after 2 s instead of 15.
    env: { TRACKER_LOCK_STALE_SECONDS: '2' },
    ...extra,
  });

async function userIds(db: TestDatabase) {
  const app = await open(db);
  try {
    const ids: number[] = [];
    for (const id of await app.database.db
      .select()
      .from((await import('../src/db/schema.ts')).users)) {
      ids.push(id.id);
    }
    return ids;
  } finally {
    await app.close();
  }
}

describe('restart safety', () => {
  it(
    'keeps every acknowledged record across a close and a reopen',
    async () => {
      const db = await freshDb();
      const app = await open(db);
      const created: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/users',
          headers: { 'x-api-key': API_KEY },
          payload: newUser(),
        });
        expect(res.statusCode).toBe(201);
        created.push(res.json().user.id);
      }
      await app.close();
      const after = await userIds(db);
      for (const id of created) expect(after).toContain(id);
    },
    SLOW_MS,
  );

  it(
    'keeps every acknowledged record when the process is killed with SIGKILL',
    async () => {
      const db = await freshDb();
      const child: ChildProcess = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, 'fixtures/child-tracker.ts'),
          db.dataDir,
          db.databaseUrl ?? '',
        ],
        {
          cwd: path.join(import.meta.dirname, '..'),
          env: { ...process.env, CHILD_API_KEY: API_KEY },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      cleanups.push(async () => child.kill('SIGKILL'));
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line).url);
        });
        child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
      });

      const created: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${url}/users`, {
          method: 'POST',
          headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify(newUser()),
        });
        expect(res.status).toBe(201);
        created.push(((await res.json()) as { user: { id: number } }).user.id);
      }
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // The dead process's lock is stale and taken over; its rows are all there.
      const after = await userIds(db);
      for (const id of created) expect(after).toContain(id);
    },
    SLOW_MS,
  );
});

describe.skipIf(onPostgres)('data directory lock (embedded PGlite)', () => {
  it(
    'refuses a second tracker on the same data directory with a clear message',
    async () => {
      const db = await freshDb();
      const first = await open(db);
      try {
        const second = open(db);
        await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
        await expect(second).rejects.toThrow(/in use by another tracker process/);
      } finally {
        await first.close();
      }
      // Released on close: the directory can be opened again.
      const again = await open(db);
      await again.close();
    },
    SLOW_MS,
  );
});

describe('API key kept in the data directory', () => {
  it('generates a well-formed key once, readable only by its owner, and reuses it', async () => {
    const db = await freshDb();
    const first = await startTracker({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: {} });
    await first.close();
    expect(first.apiKey).toHaveLength(API_KEY_LENGTH);
    expect(first.apiKey.startsWith(API_KEY_PREFIX)).toBe(true);
    const file = path.join(db.dataDir, 'api-key');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.apiKey);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const second = await startTracker({
      dataDir: db.dataDir,
      databaseUrl: db.databaseUrl,
      env: {},
    });
    try {
      expect(second.apiKey).toBe(first.apiKey);
      expect(second.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${second.url}/teams`, { headers: { 'x-api-key': second.apiKey } });
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a configured key of the wrong shape', async () => {
    await expect(buildTracker({ apiKey: 'short', env: {} })).rejects.toThrow(/28 characters/);
  });
});
