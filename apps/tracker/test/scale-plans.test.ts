import { addCalendarDays, wallClockAt, zonedInstant } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../src/repositories/index.ts';
import { SCALE_TIME_ZONES, seedScale } from '../src/seed/scale.ts';
import type { TrackerContext } from '../src/services/context.ts';
import { runDigests } from '../src/services/digests.ts';
import { daysOfMembers } from '../src/services/member-days.ts';
import { quietMemberPage, runQuietMembers } from '../src/services/quiet-members.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { runReminders } from '../src/services/reminders.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';

/**
 * Every statement the schedules, the console's Quiet members page and the members' days loader
 * run is planned with an index on PostgreSQL for the tables that grow with members and their
 * history: each statement is recorded as it runs on a scale data set, then EXPLAINed with
 * sequential scans, hash and merge joins priced out, which leaves a whole-table read only where
 * no index serves the statement.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Tables with a row or more per member, or per member and day. */
const BIG = [
  'check_ins',
  'cheers',
  'check_in_replies',
  'pauses',
  'memberships',
  'users',
  'quiet_spells',
  'last_answers',
  'reminder_settings',
  'recap_settings',
  'digest_settings',
  'reminders',
  'recaps',
  'digests',
  'outbox',
  'email_links',
  'join_requests',
];

/** A Sunday 18:00 in the scale members' first zone: the weekly recap falls due there. */
function sunday(): Date {
  const zone = SCALE_TIME_ZONES[0];
  const today = addCalendarDays(wallClockAt(Date.now(), zone), 0);
  return zonedInstant(addCalendarDays(today, 7 - today.weekday), 18, zone);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
/**
 * The scans of a big table that read all of it: a sequential scan, or (sequential scans priced
 * out) an index read from end to end, without a condition on the index.
 */
const wholeScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && BIG.includes(node['Relation Name'] ?? '')
    ? [`Seq Scan on ${node['Relation Name']}`]
    : []),
  ...(/Index/.test(node['Node Type']) &&
  node['Index Cond'] === undefined &&
  BIG.some((table) => (node['Index Name'] ?? '').startsWith(table))
    ? [`${node['Node Type']} of all of ${node['Index Name']}`]
    : []),
  ...(node.Plans ?? []).flatMap(wholeScans),
];

describe.skipIf(!databaseUrl)('the scale queries on PostgreSQL', () => {
  const moment = sunday();
  let clock = new Date(moment.getTime() - 10 * 60_000);
  let store: TestDatabase;
  let app: FastifyInstance;
  let pool: pg.Pool;
  const statements = new Map<string, unknown[]>();

  beforeAll(async () => {
    store = await createTestDatabase({ databaseUrl });
    app = await buildTracker({
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      env: {},
      reminderCheckSeconds: 0,
      now: () => clock,
    });
    await seedScale(app.database.db, { members: 300, days: 120, now: clock });
    await app.database.db.execute(sql`ANALYZE`);
    pool = new pg.Pool({ connectionString: store.databaseUrl, max: 2 });
    const logged = drizzle({
      client: pool,
      logger: { logQuery: (query, params) => statements.set(query, params) },
    });
    const ctx: TrackerContext = {
      trackerConfig: app.trackerConfig,
      database: { ...app.database, db: logged },
      repos: createRepositories(logged, () => clock),
      mailer: app.mailer,
      storage: app.storage,
      signups: app.signups,
      trackerMetrics: app.trackerMetrics,
    };
    clock = new Date(moment.getTime() + 60_000);
    await runReminders(ctx);
    await runQuietMembers(ctx);
    await runRecaps(ctx);
    await runDigests(ctx);
    await quietMemberPage(ctx, { limit: 20, offset: 0 });
    const team = await ctx.repos.members.list({ teamId: 10 });
    await daysOfMembers(ctx, team, clock, 'weeks');
    await daysOfMembers(ctx, team, clock, 'quiet');
  }, 240_000);

  afterAll(async () => {
    await pool?.end();
    await app?.close();
    await store?.cleanup();
  });

  it('ran the work it plans: mails went out, the loader read answers', () => {
    const texts = [...statements.keys()];
    expect(texts.some((q) => q.includes('jsonb_to_recordset'))).toBe(true);
    expect(texts.some((q) => q.includes('quiet_spells q'))).toBe(true);
    expect(texts.some((q) => q.includes('insert into "recaps"'))).toBe(true);
  });

  it('scans no table that grows with members without an index', async () => {
    const client = await pool.connect();
    const found: Record<string, string[]> = {};
    try {
      await client.query('BEGIN');
      // A few rows per table would be read whole whatever the indexes: the planner is told to
      // look rows up through an index wherever one can serve (nested loops over index lookups).
      for (const setting of ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin']) {
        await client.query(`SET LOCAL ${setting} = off`);
      }
      for (const [query, params] of statements) {
        if (/^\s*(begin|commit|rollback|savepoint|release|set|select pg_advisory)/i.test(query))
          continue;
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${query}`, params);
        const plan: { Plan: PlanNode }[] = rows[0]?.['QUERY PLAN'] ?? [];
        const scans = plan.flatMap((p) => wholeScans(p.Plan));
        if (scans.length > 0 && process.env.SHOW_PLANS)
          console.log(JSON.stringify(plan, null, 1), params);
        if (scans.length > 0) found[query.replace(/\s+/g, ' ').slice(0, 160)] = scans;
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(found).toEqual({});
  });
});
