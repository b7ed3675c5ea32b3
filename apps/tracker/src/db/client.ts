import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { dbCallTracer, StartupError, withinMs } from '@app/server-kit';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { seedIfEmpty } from '../seed/seed.ts';
import { keepStatements } from './kept-statements.ts';
import { migrate } from './migrate.ts';
import { tracePglite } from './traced-pglite.ts';
import type { Db, Session } from './types.ts';
import { type Vacuumed, type VacuumHow, vacuumPglite } from './upkeep.ts';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  session(): Promise<Session>;
  /**
   * Whether the database answers a trivial query within `timeoutMs` (readiness). On PostgreSQL it
   * goes through a connection of its own, so a busy pool does not read as an unreachable server.
   */
  ping(timeoutMs: number): Promise<boolean>;
  /** PostgreSQL's connection pool now (metrics); null for PGlite, which has one connection. */
  pool(): { total: number; idle: number; waiting: number; max: number } | null;
  /**
   * PGlite's own dump of its data directory (an uncompressed tar), taken between two
   * transactions: the files as a kill -9 at that moment would leave them, which PostgreSQL
   * recovers from its write-ahead log when the copy is opened. Null on PostgreSQL, which
   * pg_dump backs up (decision 54).
   */
  dump: (() => Promise<Blob>) | null;
  /**
   * Vacuums PGlite's tables (upkeep.ts): in full at start, lightly on the retention schedule.
   * Null on PostgreSQL, whose autovacuum does it.
   */
  vacuum:
    | ((
        how: VacuumHow,
        opts?: { minPages?: number; turn?: () => Promise<void> },
      ) => Promise<Vacuumed>)
    | null;
  close(): Promise<void>;
}

/**
 * PostgreSQL's settings for PGlite, given on its command line (they win over the data directory's
 * postgresql.conf, which initdb wrote with the server defaults). PGlite's shared memory lives in
 * its WebAssembly memory and is written in full at start (Emscripten zeroes what it maps), so the
 * default 128 MB of shared buffers is 128 MiB resident from the start on. A tracker's own tables
 * take a few MB; what does not fit in 16 MB is read again from the data files, through the
 * operating system's page cache (decision 36).
 */
export const PGLITE_SETTINGS: Record<string, string> = { shared_buffers: '16MB' };

/**
 * V8 compiles PGlite's WebAssembly with its baseline compiler (Liftoff) and, once a function is
 * hot, again with its optimising one (TurboFan). One of PostgreSQL's functions is about 100 KB of
 * WebAssembly, and optimising it takes over 600 MiB for two seconds: the process's peak, a few
 * seconds after every start. The tracker's queries are short; compiled by Liftoff alone they take
 * as long (decision 36), without the peak and the optimised code (about 55 MiB). V8's flags are
 * the process's: they are set before the first PGlite is compiled.
 */
let baselineCompilerOnly = false;
function compileWebAssemblyWithBaselineCompilerOnly(): void {
  if (baselineCompilerOnly) return;
  baselineCompilerOnly = true;
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

export async function openPglite(
  dir: string,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  await mkdir(dir, { recursive: true });
  compileWebAssemblyWithBaselineCompilerOnly();
  let client: PGlite;
  try {
    client = await PGlite.create(dir, {
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      startParams: [
        ...PGlite.defaultStartParams,
        ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
    });
  } catch (error) {
    // PGlite names no cause people can act on ("failed to initialize properly"): say what to do.
    throw new StartupError(
      `The database in ${dir} could not be opened: its files are damaged or are not a PGlite ` +
        'database. Restore that directory from a backup, or move it away to start with an empty ' +
        'database (the seed is loaded again).',
      { cause: error },
    );
  }
  // The reads run again and again are planned once (kept-statements.ts).
  keepStatements(client);
  // While tracing, each statement is a span of the request's trace (pg's instrumentation does the
  // same on PostgreSQL); otherwise nothing is wrapped.
  const traceDbCall = dbCallTracer();
  if (traceDbCall) tracePglite(client, traceDbCall);
  const db = drizzlePglite({ client });
  return {
    kind: 'pglite',
    db,
    // PGlite has one connection; drizzle serialises its own transactions on it.
    async session() {
      return {
        query: async <T>(text: string, params?: unknown[]) =>
          (await client.query<T>(text, params)).rows,
        migrate: (config) => migratePglite(db, config),
        release: () => {},
      };
    },
    ping: (timeoutMs) =>
      withinMs(client.query('SELECT 1').then(answered, unanswered), timeoutMs, false),
    pool: () => null,
    async dump() {
      // Written to the data files first, so the dump needs less of the log replayed on a restore.
      await client.query('CHECKPOINT');
      // Queries wait while it runs (its own lock), and so do transactions (this one): no
      // transaction is half done in the copy.
      return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    },
    vacuum: (how, opts) => vacuumPglite(client, how, opts),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolMax = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // The same for a client that loses its server while checked out (a transaction between two
  // statements): its next statement fails, and the pool drops it when it is given back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Fail at start-up, with the driver's message, when the URL is wrong.
  const probe = await pool.connect();
  probe.release();
  // Readiness checks: one connection, opened again when the server comes back.
  const healthPool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 });
  healthPool.on('error', () => {});
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: pool }),
    async session() {
      const client = await pool.connect();
      return {
        query: async <T>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as T[],
        migrate: (config) => migratePostgres(drizzleNodePg({ client }), config),
        release: () => client.release(),
      };
    },
    ping: (timeoutMs) =>
      withinMs(healthPool.query('SELECT 1').then(answered, unanswered), timeoutMs, false),
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolMax,
    }),
    dump: null,
    vacuum: null,
    close: async () => {
      await Promise.all([pool.end(), healthPool.end()]);
    },
  };
}

const answered = () => true;
const unanswered = () => false;

/** The PGlite files' folder inside the data directory. */
export const PGLITE_SUBDIR = 'pglite';

/** Opens the database, applies migrations and the first-start seed. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgPoolMax?: number;
}): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.pgPoolMax)
    : await openPglite(path.join(config.dataDir, PGLITE_SUBDIR));
  try {
    const session = await database.session();
    try {
      await migrate(session, async () => {
        await seedIfEmpty(database.db);
      });
    } finally {
      session.release();
    }
    // PGlite has no autovacuum: a table never vacuumed (or grown much since) is, before the
    // tracker is ready (upkeep.ts).
    await database.vacuum?.('start');
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
