import { sql } from 'drizzle-orm';
import type { Db } from './types.ts';

/**
 * Every PostgreSQL advisory lock the tracker takes, named once. Row locks cover the rest; these
 * cover what has no row to lock yet (a team name not taken, the first operator) or the whole
 * database (migrations), on every tracker that shares it.
 */
export const ADVISORY_LOCKS = {
  /** Creating or renaming a team: two operators cannot take one name at once. */
  teamNames: 'teams.name',
  /** Adding or removing an operator: the last one cannot be removed by two at once. */
  operators: 'tracker.operators',
} as const;

/** The session lock migrations run under, so two trackers starting together migrate once. */
export const MIGRATION_LOCK_KEY = 724_019_311;

/** Waits for `lock` and holds it until the transaction ends. */
export async function holdAdvisoryLock(tx: Db, lock: keyof typeof ADVISORY_LOCKS): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${ADVISORY_LOCKS[lock]}))`);
}
