import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Database,
  openDatabase,
  openPglite,
  openPostgres,
  PGLITE_SUBDIR,
} from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/** The SQL files the first, hand-written runner applied, as databases in ./data still have them. */
const LEGACY_DIR = fileURLToPath(new URL('./fixtures/legacy-migrations/', import.meta.url));

async function blankDatabase(): Promise<{
  config: { dataDir: string; databaseUrl?: string };
  cleanup(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE_URL) {
    // An empty schema of its own, not a copy of the migrated template.
    const test: TestDatabase = await createTestDatabase({ blank: true });
    return {
      config: { dataDir: test.dataDir, databaseUrl: test.databaseUrl },
      cleanup: test.cleanup,
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-legacy-'));
  return { config: { dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

function openRaw(config: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, PGLITE_SUBDIR));
}

/** What the old runner did: each file in a transaction, its name recorded in schema_migrations. */
async function legacyMigrate(database: Database, files: string[]) {
  const session = await database.session();
  try {
    await session.query(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const file of files) {
      const text = await readFile(path.join(LEGACY_DIR, file), 'utf8');
      const statements = text
        .replace(/--[^\n]*\n/g, '\n')
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter(Boolean);
      for (const statement of statements) await session.query(statement);
      await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    await session.query(
      `INSERT INTO users (email, password_hash, name) VALUES ('kept@example.org', 'x', 'Kept')`,
    );
  } finally {
    session.release();
  }
}

async function tableExists(database: Database, name: string) {
  const session = await database.session();
  try {
    const [row] = await session.query<{ found: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS found',
      [name],
    );
    return row?.found ?? false;
  } finally {
    session.release();
  }
}

describe('migrations', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  // drizzle-kit reads only the schema and the migration files, not a database: the PGlite
  // project runs it, and the PostgreSQL project does not run it again.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are in step with the schema: drizzle-kit generate finds nothing to add',
    async () => {
      const trackerDir = fileURLToPath(new URL('..', import.meta.url));
      const copy = await mkdtemp(path.join(os.tmpdir(), 'migrations-check-'));
      try {
        await cp(MIGRATIONS_DIR, copy, { recursive: true });
        const { stdout } = await promisify(execFile)(
          path.join(trackerDir, 'node_modules/.bin/drizzle-kit'),
          // drizzle-kit reads --out relative to the folder it runs in.
          [
            'generate',
            '--dialect',
            'postgresql',
            '--schema',
            './src/db/schema.ts',
            '--out',
            path.relative(trackerDir, copy),
          ],
          { cwd: trackerDir },
        );
        expect(stdout).toContain('No schema changes');
        expect(await readdir(copy)).toEqual(await readdir(MIGRATIONS_DIR));
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    },
  );

  it('are drizzle-kit output with no schema written into them', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    expect(journal.entries.length).toBeGreaterThan(0);
    for (const { tag } of journal.entries) {
      const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
      // A schema-qualified name would escape the search_path each test schema relies on.
      expect(text, tag).not.toContain('"public".');
    }
  });

  for (const files of [
    ['0001_init.sql', '0002_signup_keys.sql', '0003_holds.sql'],
    ['0001_init.sql'],
  ]) {
    it(`carry over a database the old runner made (${files.join(', ')}), keeping its rows`, async () => {
      const blank = await blankDatabase();
      cleanup = blank.cleanup;
      const legacy = await openRaw(blank.config);
      await legacyMigrate(legacy, files);
      await legacy.close();

      const database = await openDatabase(blank.config);
      try {
        expect(await tableExists(database, 'schema_migrations')).toBe(false);
        expect(await tableExists(database, 'signup_keys')).toBe(true);
        expect(await tableExists(database, 'holds')).toBe(true);
        const session = await database.session();
        try {
          const users = await session.query<{ email: string }>('SELECT email FROM users');
          expect(users.map((u) => u.email)).toContain('kept@example.org');
          const applied = await session.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM __drizzle_migrations',
          );
          const journal = JSON.parse(
            await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
          ) as { entries: unknown[] };
          expect(applied[0]?.n).toBe(journal.entries.length);
        } finally {
          session.release();
        }
      } finally {
        await database.close();
      }
      // Opening again changes nothing.
      const again = await openDatabase(blank.config);
      await again.close();
    }, 180_000);
  }
});
