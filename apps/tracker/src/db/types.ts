import type { MigrationConfig } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/*
 * The database's types apart from the code that opens it (client.ts), so the migrator, the seed
 * and every repository can name them without importing the module that imports them.
 */

/** The query layer. Both drivers give this type, so repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * One connection to the database, for what must happen on a single session: holding the
 * migration lock while migrating (PGlite has one connection anyway).
 */
export interface Session {
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** drizzle's migrator (the driver's own) on this connection. */
  migrate(config: MigrationConfig): Promise<void>;
  release(): void;
}
