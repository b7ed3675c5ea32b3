import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * Every test file takes a database of its own from createTestDatabase, a copy of one migrated,
 * seeded template (PGlite) or a database made from it (PostgreSQL), and the files run at once in
 * a shuffled order: what one writes must never reach another, nor the template the next copy is
 * made from.
 */
describe('the test databases', () => {
  const made: TestDatabase[] = [];
  afterAll(async () => {
    for (const store of made) await store.cleanup();
  });

  const users = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
    Number(rowsOf<{ n: number }>(await db.db.execute(sql`SELECT count(*) AS n FROM users`))[0]?.n);

  it('are each a copy of their own: a write to one is in neither the other nor a later copy', async () => {
    const [first, second] = [await createTestDatabase(), await createTestDatabase()];
    made.push(first, second);
    expect(second.dataDir).not.toBe(first.dataDir);
    const a = await openDatabase(first);
    const b = await openDatabase(second);
    try {
      const seeded = await users(a);
      expect(await users(b)).toBe(seeded);
      await a.db.execute(
        sql`INSERT INTO users (email, password_hash, name, goal_summary)
            VALUES ('only-in-one@example.org', 'not used', 'Only In One', 'Stay put')`,
      );
      expect(await users(a)).toBe(seeded + 1);
      expect(await users(b)).toBe(seeded);
    } finally {
      await a.close();
      await b.close();
    }
    const later = await createTestDatabase();
    made.push(later);
    const c = await openDatabase(later);
    try {
      const rows = await c.db.execute(
        sql`SELECT 1 FROM users WHERE email = 'only-in-one@example.org'`,
      );
      expect(rowsOf(rows)).toEqual([]);
    } finally {
      await c.close();
    }
  });
});
