import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawSession } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Any constant will do: it only has to be the same for every tracker sharing one database. */
const MIGRATION_LOCK_KEY = 724_019_311;

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
}

/**
 * Applies every migration file not yet recorded, each in its own transaction, then runs `after`
 * (the seed) while still holding the lock, so several trackers starting together on one
 * PostgreSQL apply each file and seed exactly once.
 */
export async function migrate(
  session: RawSession,
  after?: () => Promise<void>,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  const applied: string[] = [];
  await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await session.query<{ name: string }>('SELECT name FROM schema_migrations')).map(
        (r) => r.name,
      ),
    );
    for (const file of await listMigrations(dir)) {
      if (done.has(file)) continue;
      const text = await readFile(path.join(dir, file), 'utf8');
      await session.exec('BEGIN');
      try {
        await session.exec(text);
        await session.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    if (after) await after();
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
  return applied;
}
