import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MigrationConfig, readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATION_LOCK_KEY } from './locks.ts';
import type { Session } from './types.ts';

/** drizzle-kit's output: NNNN_name.sql files and meta/_journal.json, generated from schema.ts. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Any constant will do: it only has to be the same for every tracker sharing one database. */
const MIGRATIONS_TABLE = '__drizzle_migrations';

/**
 * The files the tracker's first, hand-written runner applied (recorded in `schema_migrations`),
 * and the generated migration that makes the same schema. A database it created is carried over
 * by recording those migrations as applied; the runner's table then goes.
 */
const LEGACY_MIGRATIONS: Record<string, string> = {
  '0001_init.sql': '0000_init',
  '0002_signup_keys.sql': '0001_signup_keys',
  '0003_holds.sql': '0002_holds',
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function journalTags(dir: string): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

async function adoptLegacyRunner(session: Session, config: Required<MigrationConfig>) {
  const [found] = await session.query<{ legacy: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS legacy`,
  );
  if (!found?.legacy) return;
  const applied = await session.query<{ name: string }>('SELECT name FROM schema_migrations');
  const migrations = readMigrationFiles(config);
  const tags = await journalTags(config.migrationsFolder);
  const table = `${quote(config.migrationsSchema)}.${quote(config.migrationsTable)}`;
  await session.query('BEGIN');
  try {
    await session.query(
      `CREATE TABLE IF NOT EXISTS ${table} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const recorded = new Set(
      (await session.query<{ hash: string }>(`SELECT hash FROM ${table}`)).map((r) => r.hash),
    );
    for (const { name } of applied) {
      const tag = LEGACY_MIGRATIONS[name];
      const migration = tag === undefined ? undefined : migrations[tags.indexOf(tag)];
      if (!migration) throw new Error(`Unknown migration ${name} in schema_migrations`);
      if (recorded.has(migration.hash)) continue;
      await session.query(`INSERT INTO ${table} (hash, created_at) VALUES ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await session.query('DROP TABLE schema_migrations');
    await session.query('COMMIT');
  } catch (error) {
    await session.query('ROLLBACK');
    throw error;
  }
}

/**
 * Applies every migration not yet recorded, then runs `after` (the seed) while still holding the
 * lock, so several trackers starting together on one PostgreSQL migrate and seed exactly once.
 * The record of applied migrations lives in the database's own schema, beside its tables.
 */
export async function migrate(
  session: Session,
  after?: () => Promise<void>,
  dir = MIGRATIONS_DIR,
): Promise<void> {
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    const [current] = await session.query<{ schema: string }>('SELECT current_schema() AS schema');
    const config = {
      migrationsFolder: dir,
      migrationsSchema: current?.schema ?? 'public',
      migrationsTable: MIGRATIONS_TABLE,
    };
    await adoptLegacyRunner(session, config);
    await session.migrate(config);
    if (after) await after();
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}
