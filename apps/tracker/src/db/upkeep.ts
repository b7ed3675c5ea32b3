import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL as a single process, without the autovacuum workers a server has, so
 * nothing marks its tables' pages all-visible or clears what updates and deletes leave behind. An
 * index-only scan (the members' answers through `check_ins_user_id_day_key`, which holds each
 * answer) still visits the table for every row of a page not marked: a member's year of answers,
 * laid out a day to a page, is then 365 pages read for a home instead of two or three.
 *
 * So the tracker vacuums PGlite itself, each table in a statement of its own (VACUUM runs outside
 * a transaction and holds PGlite's one connection and the tracker's thread while it runs):
 *
 * - `start`: in full, before the tracker is ready, the tables of at least `minPages` pages of
 *   which fewer than nine in ten are marked (a database that was never vacuumed, or grew much
 *   since). At 10,000 members with a year of answers the first one took 0.5 to 0.8 s, one after
 *   it 2 ms.
 * - `light`: every table, with a turn for the event loop between two, skipping the indexes'
 *   cleanup (INDEX_CLEANUP OFF: with it the work grows with the indexes, not with what changed;
 *   after an hour of answers at 10,000 members it took 2 to 292 ms, without it 1 to 6). The full
 *   vacuum at the next start clears what the indexes kept.
 */
export type VacuumHow = 'start' | 'light';

export interface Vacuumed {
  /** The tables vacuumed. */
  tables: number;
  /** The longest one vacuum took, in ms. */
  longestMs: number;
}

/** 8 MB of 8 KB pages: smaller tables are read whole quicker than they are vacuumed at start. */
export const START_MIN_PAGES = 1000;

export async function vacuumPglite(
  client: PGlite,
  how: VacuumHow,
  opts: { minPages?: number; turn?: () => Promise<void> } = {},
): Promise<Vacuumed> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL (
       SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages) s
     WHERE n.nspname = current_schema() AND c.relkind = 'r'
       AND ($1::boolean OR (s.pages >= $2 AND c.relallvisible < 0.9 * s.pages))
     ORDER BY c.relname`,
    [how === 'light', opts.minPages ?? START_MIN_PAGES],
  );
  const options = how === 'light' ? '(INDEX_CLEANUP OFF, TRUNCATE OFF) ' : '';
  let longestMs = 0;
  for (const [i, { name }] of rows.entries()) {
    if (i > 0) await opts.turn?.();
    const started = performance.now();
    // The names are the schema's own tables' (pg_class), quoted as identifiers.
    await client.exec(`VACUUM ${options}"${name.replaceAll('"', '""')}"`);
    longestMs = Math.max(longestMs, performance.now() - started);
  }
  return { tables: rows.length, longestMs };
}
