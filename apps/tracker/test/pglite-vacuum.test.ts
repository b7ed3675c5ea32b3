import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { runRetention } from '../src/services/retention.ts';
import type { TestDatabase } from '../src/testing.ts';
import { seededTracker } from './helpers.ts';

/**
 * PGlite has no autovacuum, so the tracker vacuums it (src/db/upkeep.ts): in full at start for a
 * large table not marked all-visible, lightly in each retention pass. What it is for: a member's
 * answers read through the (user_id, day) key, which holds each answer, without visiting the
 * table for each (the plan's Heap Fetches), once the pages are marked.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(onPostgres)('PGlite’s vacuum', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  let store: TestDatabase;
  let app: FastifyInstance;
  let member: number;

  /** The table rows an index-only read of the member's answers visits (EXPLAIN ANALYZE). */
  async function heapFetches(): Promise<number> {
    return app.database.db.transaction(async (tx) => {
      // Through the index whatever the planner thinks of a table this small.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`
          EXPLAIN (ANALYZE, COSTS OFF) SELECT day, done FROM check_ins WHERE user_id = ${member}`),
      ).map((row) => row['QUERY PLAN']);
      expect(plan[0]).toContain('Index Only Scan using check_ins_user_id_day_key');
      const line = plan.find((text) => text.includes('Heap Fetches:'));
      return Number(line?.match(/Heap Fetches: (\d+)/)?.[1] ?? Number.NaN);
    });
  }

  beforeAll(async () => {
    ({ app, store } = await seededTracker(() => clock, { members: 12, days: 200 }));
    await app.database.db.execute(sql`ANALYZE`);
    [{ member } = { member: 0 }] = rowsOf<{ member: number }>(
      await app.database.db.execute(sql`
        SELECT user_id AS member FROM check_ins GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`),
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
  });

  it('at start, vacuums in full the large tables not marked, and only those', async () => {
    // Seeded after the tracker's start: nothing marked, every answer read from the table too.
    const answers = await heapFetches();
    expect(answers).toBeGreaterThan(100);
    // Only tables of START_MIN_PAGES pages or more are vacuumed at start: none here.
    expect(await app.database.vacuum?.('start')).toEqual({ tables: 0, longestMs: 0 });
    expect(await heapFetches()).toBe(answers);
    // Taken as large, the tables not marked are (check_ins among them), and the answers are read
    // from the index alone.
    const first = await app.database.vacuum?.('start', { minPages: 1 });
    expect(first?.tables).toBeGreaterThan(0);
    expect(await heapFetches()).toBe(0);
    // Marked now: not again.
    expect((await app.database.vacuum?.('start', { minPages: 1 }))?.tables).toBeLessThan(
      first?.tables ?? 0,
    );
  });

  it('in each retention pass, marks the page of an answer given since', async () => {
    const [{ day } = { day: '' }] = rowsOf<{ day: string }>(
      await app.database.db.execute(sql`
        SELECT (max(day) + 1)::text AS day FROM check_ins WHERE user_id = ${member}`),
    );
    await app.database.db.execute(sql`
      INSERT INTO check_ins (user_id, day, done, created_at, updated_at)
      VALUES (${member}, ${day}, true, ${clock}, ${clock})`);
    expect(await heapFetches()).toBeGreaterThan(0);
    await runRetention(app);
    expect(await heapFetches()).toBe(0);
  });
});

describe.runIf(onPostgres)('PostgreSQL’s vacuum', () => {
  it('is its own autovacuum’s: the tracker runs none', async () => {
    const { app, store } = await seededTracker(() => new Date(), { members: 6, days: 3 });
    try {
      expect(app.database.vacuum).toBeNull();
    } finally {
      await app.close();
      await store.cleanup();
    }
  });
});
