import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { checkInStatus } from '../src/services/check-ins.ts';
import { memberReads } from '../src/services/member-days.ts';
import { memberHome } from '../src/services/members.ts';
import type { TestDatabase } from '../src/testing.ts';
import { seededTracker } from './helpers.ts';

/**
 * On PostgreSQL a member's home runs its three statements prepared: node-postgres sends each by
 * name, so a connection parses and plans it the first time and afterwards only binds it (planning
 * had been most of the server's work a read). The statements the driver is given are watched; the
 * server's own list of what a connection keeps is read on the connection that ran them.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HOME_STATEMENTS = ['check_ins_of_user_since', 'members_history_of', 'members_home_of'];

describe.runIf(onPostgres)('the home’s prepared statements on PostgreSQL', () => {
  const clock = new Date('2026-11-04T17:00:00Z');
  let store: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app, store } = await seededTracker(() => clock, { members: 12, days: 30 }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
  });

  /** The statements one home read gives the driver: each one's name and its connection. */
  async function homeRead(id: number) {
    const sent: { name: string | undefined; client: pg.Client }[] = [];
    const realQuery = pg.Client.prototype.query;
    // Watched, not changed: each call goes on to the driver as it came.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0];
      if (typeof config === 'object' && config !== null && 'text' in config) {
        sent.push({ name: (config as { name?: string }).name, client: this });
      }
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof realQuery;
    try {
      const reads = memberReads(app, id, clock);
      const [home] = await Promise.all([memberHome(app, id, reads), checkInStatus(app, id, reads)]);
      expect(home.team).not.toBeNull();
    } finally {
      pg.Client.prototype.query = realQuery;
    }
    return sent;
  }

  it('sends each of its statements by name, the same names for every member', async () => {
    const ids = rowsOf<{ user_id: number }>(
      await app.database.db.execute(
        sql`SELECT user_id FROM memberships WHERE status = 'Active' ORDER BY user_id LIMIT 3`,
      ),
    ).map((row) => row.user_id);
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const sent = await homeRead(id);
      expect(sent.map((statement) => statement.name).sort()).toEqual(HOME_STATEMENTS);
      // The server keeps each on the connection that ran it (the read is over: it is idle).
      for (const { name, client } of sent) {
        const { rows } = await client.query<{ name: string }>(
          'SELECT name FROM pg_prepared_statements WHERE name = $1',
          [name],
        );
        expect(rows).toEqual([{ name }]);
      }
    }
  });
});
