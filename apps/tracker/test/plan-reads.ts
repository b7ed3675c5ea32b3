import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/types.ts';
import { createRepositories } from '../src/repositories/index.ts';
import type { TrackerContext } from '../src/services/context.ts';
import type { TestDatabase } from '../src/testing.ts';
import { seededTracker } from './helpers.ts';

/**
 * What the tests of the tracker's reads share: the statements a piece of work runs, recorded as
 * Drizzle sends them, and their plans as the database itself makes them (EXPLAIN, in a transaction
 * rolled back, with sequential scans, hash and merge joins priced out: the tables are small in a
 * test, and the planner then reads through an index wherever one serves, as it does on a large
 * set, so a whole-table read shows only where none does). On PGlite, or on PostgreSQL when the
 * test database has a URL.
 */

/** A node of a plan in EXPLAIN's JSON format (the fields these tests read). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** A statement as Drizzle sent it: its text and parameters. */
export type Statement = [text: string, params: unknown[]];

/** Statements that plan nothing: transactions, settings, the schedules' advisory locks. */
export const NOT_PLANNED = /^\s*(begin|commit|rollback|savepoint|release|set|select pg_advisory)/i;

export interface RecordedDb {
  /** A Drizzle database on the tracker's store that records every statement it runs. */
  db: Db;
  /** The statements recorded since the last call, which forgets them. */
  take(): Statement[];
  /**
   * Each statement's plan, in order (with `analyze`, run for real and its actual rows counted),
   * on one connection in a transaction rolled back.
   */
  explain(
    statements: Statement[],
    options?: { analyze?: boolean; ordered?: boolean; asChosen?: boolean },
  ): Promise<PlanNode[][]>;
  /** Closes the connections it opened (PostgreSQL). */
  end(): Promise<void>;
}

/** Records the statements run on the tracker's store: its PGlite, or `databaseUrl`'s server. */
export function recordedDb(app: FastifyInstance, databaseUrl?: string): RecordedDb {
  let statements: Statement[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push([text, params]) };
  let db: Db;
  let connect: () => Promise<{ query: Query; release(): void }>;
  let end = async () => {};
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // pool.end() resolves while its clients are still closing: one still closing when the test's
    // database is dropped (WITH FORCE) is told so by the server as an error, which is expected
    // then and must not reach the test run unhandled (as the tracker's own pool does).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    db = drizzleNodePg({ client: pool, logger }) as unknown as Db;
    connect = async () => {
      const client = await pool.connect();
      return {
        query: (text, params) => client.query(text, params),
        release: () => client.release(),
      };
    };
    end = () => pool.end();
  } else {
    const client = (app.database.db as unknown as { $client: PGlite }).$client;
    db = drizzlePglite({ client, logger }) as unknown as Db;
    connect = async () => ({ query: (text, params) => client.query(text, params), release() {} });
  }
  return {
    db,
    take() {
      const taken = statements;
      statements = [];
      return taken;
    },
    async explain(ran, { analyze = false, ordered = false, asChosen = false } = {}) {
      const connection = await connect();
      const plans: PlanNode[][] = [];
      // `ordered`: bitmaps and sorts priced out too, so a page is read through an index in its
      // order wherever one serves, rather than all its rows read and sorted. `asChosen`: nothing
      // priced out, the plan the planner picks on the data as it is.
      const off = asChosen ? [] : ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin'];
      if (ordered && !asChosen) off.push('enable_bitmapscan', 'enable_sort');
      try {
        await connection.query('BEGIN');
        for (const setting of off) {
          await connection.query(`SET LOCAL ${setting} = off`);
        }
        const explain = analyze ? 'EXPLAIN (ANALYZE, FORMAT JSON)' : 'EXPLAIN (FORMAT JSON)';
        for (const [text, params] of ran) {
          const { rows } = await connection.query(`${explain} ${text}`, params);
          const raw = rows[0]?.['QUERY PLAN'];
          const plan: { Plan: PlanNode }[] =
            typeof raw === 'string' ? JSON.parse(raw) : ((raw ?? []) as []);
          plans.push(plan.map((p) => p.Plan));
        }
      } finally {
        await connection.query('ROLLBACK');
        connection.release();
      }
      return plans;
    },
    end,
  };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The tracker's services' context on `db` (a recorded database), its clock `now`. */
export function contextOn(app: FastifyInstance, db: Db, now: () => Date): TrackerContext {
  return {
    trackerConfig: app.trackerConfig,
    database: { ...app.database, db },
    repos: createRepositories(db, now),
    mailer: app.mailer,
    storage: app.storage,
    signups: app.signups,
    trackerMetrics: app.trackerMetrics,
  };
}

/** A scan of one of the tables asked about that read a row or more (EXPLAIN ANALYZE). */
export interface TableRead {
  table: string;
  rows: number;
  how: string;
}

/** The scans of `tables` in a plan that read a row or more: returned or filtered out, every loop. */
export function readsOf(node: PlanNode, tables: readonly string[]): TableRead[] {
  const rows =
    ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) *
    (node['Actual Loops'] ?? 1);
  const table = node['Relation Name'] ?? '';
  return [
    ...(tables.includes(table) && rows > 0
      ? [{ table, rows, how: `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim() }]
      : []),
    ...(node.Plans ?? []).flatMap((child) => readsOf(child, tables)),
  ];
}

/**
 * Partial indexes that hold only the rows a list shows (the Quiet members page's listed members):
 * reading one from end to end reads those rows, not the table.
 */
const PARTIAL = ['quiet_listings_page_idx'];

/**
 * The scans of `tables` that read all of one: a sequential scan, or (sequential scans priced out)
 * an index read from end to end, without a condition on the index (a partial one aside).
 */
export function wholeScans(node: PlanNode, tables: readonly string[]): string[] {
  return [
    ...(node['Node Type'] === 'Seq Scan' && tables.includes(node['Relation Name'] ?? '')
      ? [`Seq Scan on ${node['Relation Name']}`]
      : []),
    ...(/Index/.test(node['Node Type']) &&
    node['Index Cond'] === undefined &&
    !PARTIAL.includes(node['Index Name'] ?? '') &&
    tables.some((table) => (node['Index Name'] ?? '').startsWith(table))
      ? [`${node['Node Type']} of all of ${node['Index Name']}`]
      : []),
    ...(node.Plans ?? []).flatMap((child) => wholeScans(child, tables)),
  ];
}

/**
 * A seeded tracker (seededTracker) and a recorded connection to its store (recordedDb), for the
 * tests around it: started before them, closed after them. `prepare` changes the seeded data
 * first (it runs before ANALYZE); with `analyze`, the planner's statistics are then gathered, as a
 * tracker that has run a while has them.
 */
export function useRecordedTracker(
  clock: () => Date,
  seed: { members: number; days: number },
  options: {
    analyze?: boolean;
    prepare?: (app: FastifyInstance) => Promise<unknown>;
    where?: Parameters<typeof seededTracker>[2];
  } = {},
) {
  let running: { app: FastifyInstance; store: TestDatabase; recorded?: RecordedDb } | undefined;
  const started = () => {
    if (!running?.recorded) throw new Error('the tracker starts before the tests');
    return running as Required<typeof running>;
  };
  beforeAll(async () => {
    running = await seededTracker(clock, seed, options.where);
    await options.prepare?.(running.app);
    if (options.analyze) await running.app.database.db.execute(sql`ANALYZE`);
    running.recorded = recordedDb(running.app, running.store.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await running?.recorded?.end();
    await running?.app.close();
    await running?.store.cleanup();
  });
  return {
    get app() {
      return started().app;
    },
    get recorded() {
      return started().recorded;
    },
  };
}
