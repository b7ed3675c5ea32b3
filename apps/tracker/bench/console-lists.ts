/**
 * How fast each list of the operators' console answers with a large data set, on embedded PGlite
 * and on PostgreSQL: 10,000 join requests (6,000 pending on a team, 1,000 unmatched, 3,000
 * decided) with their accounts and memberships, 3,000 info calls from today on, 3,000 feedback
 * entries, 10,000 audit lines and 300 more teams. Each list is read at its first page and at its
 * last (the deepest offset), five times after one warm-up; the table shows the median and the
 * slowest in milliseconds. Figures only, no pass or fail.
 *
 *   pnpm --filter @app/tracker bench:console
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 * (skipped when unreachable).
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  auditLog,
  bookings,
  feedback,
  joinRequests,
  memberships,
  teams,
  users,
} from '../src/db/schema.ts';
import { feedbackPage, infoCallPage } from '../src/services/console-lists.ts';
import { teamPage } from '../src/services/console-teams.ts';
import { auditPage, joinRequestQueue } from '../src/services/operators.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';

const REQUESTS = 10_000;
const PAGE = 20;
const RUNS = 5;
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const chunks = <T>(rows: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

async function seed(app: FastifyInstance) {
  const { db } = app.database;
  const now = app.trackerConfig.now();
  const extraTeams = Array.from({ length: 300 }, (_, i) => ({
    name: `Bench team ${i + 1}`,
    focusAreaId: 1,
    focusRoleId: 10,
    capacity: 6,
  }));
  for (const part of chunks(extraTeams)) await db.insert(teams).values(part);
  const teamIds = (await db.select({ id: teams.id }).from(teams)).map((t) => t.id);
  const accounts = Array.from({ length: REQUESTS }, (_, i) => ({
    email: `bench-${i}@example.org`,
    passwordHash: 'not-a-password',
    name: `Bench Applicant ${i}`,
    goalSummary: 'Finish one thing a week',
  }));
  const userIds: number[] = [];
  for (const part of chunks(accounts)) {
    userIds.push(
      ...(await db.insert(users).values(part).returning({ id: users.id })).map((r) => r.id),
    );
  }
  const created = (i: number) => new Date(now.getTime() - (REQUESTS - i) * 60_000);
  // 0..5999 pending on a team, 6000..6999 unmatched, the rest decided.
  const seated = userIds.slice(0, 6000).map((userId, i) => ({
    teamId: teamIds[i % teamIds.length] ?? 1,
    userId,
    status: 'Pending' as const,
  }));
  const decided = userIds.slice(7000).map((userId, i) => ({
    teamId: teamIds[i % teamIds.length] ?? 1,
    userId,
    status: (i % 2 === 0 ? 'Active' : 'Inactive') as 'Active' | 'Inactive',
  }));
  const membershipOf = new Map<number, number>();
  for (const part of chunks([...seated, ...decided])) {
    for (const row of await db
      .insert(memberships)
      .values(part)
      .returning({ id: memberships.id, userId: memberships.userId, teamId: memberships.teamId })) {
      membershipOf.set(row.userId, row.id);
    }
  }
  const requests = userIds.map((userId, i) => {
    const membershipId = membershipOf.get(userId) ?? null;
    const status =
      i < 6000 ? 'pending' : i < 7000 ? 'unmatched' : i % 2 === 0 ? 'approved' : 'declined';
    const team = [...seated, ...decided].length > 0 && membershipId !== null;
    return {
      userId,
      status: status as 'pending' | 'unmatched' | 'approved' | 'declined',
      teamId: team ? ((i < 6000 ? seated[i]?.teamId : decided[i - 7000]?.teamId) ?? null) : null,
      membershipId,
      createdAt: created(i),
      decidedAt: i >= 7000 ? now : null,
    };
  });
  for (const part of chunks(requests)) await db.insert(joinRequests).values(part);
  const day = 86_400_000;
  const calls = Array.from({ length: 3000 }, (_, i) => ({
    name: `Caller ${i}`,
    email: `caller-${i}@example.org`,
    phone: '+1 303 555 0100',
    category: ['work', 'school', 'god', 'other'][i % 4] ?? 'work',
    slotAt: new Date(now.getTime() + (1 + Math.floor(i / 20)) * day),
  }));
  for (const part of chunks(calls)) await db.insert(bookings).values(part);
  const notes = Array.from({ length: 3000 }, (_, i) => ({
    name: `No ${i}`,
    email: `no-${i}@example.org`,
    feedback: 'Not the right time for me.',
    category: ['work', 'school', 'god', 'other'][i % 4] ?? 'work',
    createdAt: new Date(now.getTime() - i * 60_000),
  }));
  for (const part of chunks(notes)) await db.insert(feedback).values(part);
  const lines = Array.from({ length: REQUESTS }, (_, i) => ({
    operatorId: userIds[0] ?? 1,
    action: 'join-request.approved',
    target: `join-request:${i}`,
    before: { status: 'pending' },
    after: { status: 'approved' },
  }));
  for (const part of chunks(lines)) await db.insert(auditLog).values(part);
}

async function time(run: () => Promise<unknown>) {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? 0, max: ms[ms.length - 1] ?? 0 };
}

async function measure(store: string, databaseUrl: string | undefined) {
  const db = await createTestDatabase({ databaseUrl });
  const app = await buildTracker({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: {} });
  try {
    await seed(app);
    const lists: [string, (offset: number) => Promise<{ total: number }>][] = [
      ['join requests', (offset) => joinRequestQueue(app, { limit: PAGE, offset })],
      ['info calls', (offset) => infoCallPage(app, { limit: PAGE, offset })],
      ['feedback', (offset) => feedbackPage(app, { limit: PAGE, offset })],
      [
        'feedback (one area)',
        (offset) => feedbackPage(app, { limit: PAGE, offset, category: 'school' }),
      ],
      ['audit log', (offset) => auditPage(app, { limit: PAGE, offset })],
      ['teams', (offset) => teamPage(app, { limit: PAGE, offset })],
    ];
    const rows = [];
    for (const [list, read] of lists) {
      const { total } = await read(0);
      const deep = Math.max(0, total - PAGE);
      for (const [page, offset] of [
        ['first', 0],
        [`last (offset ${deep})`, deep],
      ] as const) {
        const { median, max } = await time(() => read(offset));
        rows.push({
          store,
          list,
          rows: total,
          page,
          median_ms: Number(median.toFixed(1)),
          max_ms: Number(max.toFixed(1)),
        });
      }
    }
    return rows;
  } finally {
    await app.close();
    await db.cleanup();
  }
}

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const rows = await measure('PGlite', undefined);
if (await reachable(pgUrl)) rows.push(...(await measure('PostgreSQL', pgUrl)));
else console.log(`PostgreSQL at ${pgUrl} unreachable: measured on PGlite only.`);
console.log(
  `\nConsole lists on ${REQUESTS.toLocaleString('en-US')} join requests (pages of ${PAGE}, median and slowest of ${RUNS}):`,
);
console.table(rows);
