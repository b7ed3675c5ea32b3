/**
 * How fast each list of the operators' console answers with a large data set, on embedded PGlite
 * and on PostgreSQL: 10,000 join requests (60 % pending on a team, 10 % unmatched, the rest
 * decided) with their accounts and memberships, 30 % as many info calls from today on and
 * feedback entries, as many audit lines as requests and 3 % as many more teams. Each list is read at its
 * first page and at its last (the deepest offset), whole and with each search and filter the
 * console offers, five times after one warm-up; the table shows the median and the slowest in
 * milliseconds. Figures only, no pass or fail: the goal is under 100 ms each.
 *
 *   pnpm --filter @app/tracker bench:console
 *
 * BENCH_CONSOLE_REQUESTS sets the number of join requests (the rest scales with it), for a quick
 * run. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL; PGlite only
 * when none is set (or it is unreachable). BENCH_CONSOLE_STORES=postgres (or pglite) measures one
 * store.
 */

import type { QueueQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import {
  auditLog,
  bookings,
  feedback,
  joinRequests,
  memberships,
  teams,
  users,
} from '../src/db/schema.ts';
import { auditPage } from '../src/services/audit-page.ts';
import { feedbackPage, infoCallPage } from '../src/services/console-lists.ts';
import { teamPage } from '../src/services/console-teams.ts';
import { joinRequestQueue } from '../src/services/join-request-queue.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { reachable } from './reachable.ts';

const REQUESTS = Number(process.env.BENCH_CONSOLE_REQUESTS ?? 10_000);
if (!Number.isInteger(REQUESTS) || REQUESTS < 100) {
  throw new Error('BENCH_CONSOLE_REQUESTS must be a whole number of at least 100');
}
/** The share of the requests that are pending (on a team), then unmatched; the rest are decided. */
const PENDING = Math.round(REQUESTS * 0.6);
const OPEN = Math.round(REQUESTS * 0.7);
const SIDE_ROWS = Math.round(REQUESTS * 0.3);
const EXTRA_TEAMS = Math.max(10, Math.round(REQUESTS * 0.03));
const PAGE = 20;
const RUNS = 5;
const pgUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const STORES = (process.env.BENCH_CONSOLE_STORES ?? 'pglite,postgres').split(',');

const chunks = <T>(rows: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

async function seed(app: FastifyInstance) {
  const { db } = app.database;
  const now = app.trackerConfig.now();
  const extraTeams = Array.from({ length: EXTRA_TEAMS }, (_, i) => ({
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
  // Pending on a team first, then unmatched, then decided.
  const seated = userIds.slice(0, PENDING).map((userId, i) => ({
    teamId: teamIds[i % teamIds.length] ?? 1,
    userId,
    status: 'Pending' as const,
  }));
  const decided = userIds.slice(OPEN).map((userId, i) => ({
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
      i < PENDING ? 'pending' : i < OPEN ? 'unmatched' : i % 2 === 0 ? 'approved' : 'declined';
    const team = [...seated, ...decided].length > 0 && membershipId !== null;
    return {
      userId,
      status: status as 'pending' | 'unmatched' | 'approved' | 'declined',
      teamId: team ? ((i < PENDING ? seated[i]?.teamId : decided[i - OPEN]?.teamId) ?? null) : null,
      membershipId,
      createdAt: created(i),
      decidedAt: i >= OPEN ? now : null,
    };
  });
  for (const part of chunks(requests)) await db.insert(joinRequests).values(part);
  const day = 86_400_000;
  const calls = Array.from({ length: SIDE_ROWS }, (_, i) => ({
    name: `Caller ${i}`,
    email: `caller-${i}@example.org`,
    phone: '+1 303 555 0100',
    category: ['work', 'school', 'god', 'other'][i % 4] ?? 'work',
    slotAt: new Date(now.getTime() + (1 + Math.floor(i / 20)) * day),
  }));
  for (const part of chunks(calls)) await db.insert(bookings).values(part);
  const notes = Array.from({ length: SIDE_ROWS }, (_, i) => ({
    name: `No ${i}`,
    email: `no-${i}@example.org`,
    feedback: 'Not the right time for me.',
    category: ['work', 'school', 'god', 'other'][i % 4] ?? 'work',
    createdAt: new Date(now.getTime() - i * 60_000),
  }));
  for (const part of chunks(notes)) await db.insert(feedback).values(part);
  // Two operators' lines, of two actions: the filters keep half of them.
  const lines = Array.from({ length: REQUESTS }, (_, i) => ({
    operatorId: (i % 2 === 0 ? userIds[0] : userIds[1]) ?? 1,
    action: i % 4 < 2 ? 'join-request.approved' : 'join-request.declined',
    target: `join-request:${i}`,
    before: { status: 'pending' },
    after: { status: 'approved' },
  }));
  for (const part of chunks(lines)) await db.insert(auditLog).values(part);
  return userIds[1] ?? 1;
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

async function measure(store: string, databaseUrl: string | null) {
  const db = await createTestDatabase({ databaseUrl });
  const app = await buildTracker({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: {} });
  try {
    const operatorId = await seed(app);
    const queue = (offset: number, filters: Partial<QueueQuery> = {}) =>
      joinRequestQueue(app, { limit: PAGE, offset, ...filters });
    const lists: [string, (offset: number) => Promise<{ total: number }>][] = [
      ['join requests', (offset) => queue(offset)],
      ['join requests, q=applicant 12', (offset) => queue(offset, { q: 'applicant 12' })],
      ['join requests, q=no match', (offset) => queue(offset, { q: 'nobody-is-called-this' })],
      ['join requests, area=work', (offset) => queue(offset, { area: 'work' })],
      ['join requests, overdue', (offset) => queue(offset, { overdue: 'true' })],
      [
        'join requests, q + area + overdue',
        (offset) => queue(offset, { q: 'applicant 1', area: 'work', overdue: 'true' }),
      ],
      ['info calls', (offset) => infoCallPage(app, { limit: PAGE, offset })],
      ['feedback', (offset) => feedbackPage(app, { limit: PAGE, offset })],
      [
        'feedback (one area)',
        (offset) => feedbackPage(app, { limit: PAGE, offset, category: 'school' }),
      ],
      ['audit log', (offset) => auditPage(app, { limit: PAGE, offset })],
      [
        'audit log, q=applicant 12',
        (offset) => auditPage(app, { limit: PAGE, offset, q: 'applicant 12' }),
      ],
      [
        'audit log, q=no match',
        (offset) => auditPage(app, { limit: PAGE, offset, q: 'nobody-is-called-this' }),
      ],
      [
        'audit log, action',
        (offset) => auditPage(app, { limit: PAGE, offset, action: 'join-request.declined' }),
      ],
      [
        'audit log, operator',
        (offset) => auditPage(app, { limit: PAGE, offset, operator: operatorId }),
      ],
      ['teams', (offset) => teamPage(app, { limit: PAGE, offset })],
      [
        'teams, q=applicant 12',
        (offset) => teamPage(app, { limit: PAGE, offset, q: 'applicant 12' }),
      ],
      [
        'teams, q=no match',
        (offset) => teamPage(app, { limit: PAGE, offset, q: 'nobody-is-called-this' }),
      ],
      ['teams, area=work', (offset) => teamPage(app, { limit: PAGE, offset, area: 'work' })],
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

// PGlite whatever TEST_DATABASE_URL says (null: no server).
const rows = STORES.includes('pglite') ? await measure('PGlite', null) : [];
if (!STORES.includes('postgres')) {
  // PGlite only, as asked.
} else if (pgUrl === undefined) {
  console.log('No BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL: measured on PGlite only.');
} else if (await reachable(pgUrl)) {
  rows.push(...(await measure('PostgreSQL', pgUrl)));
} else {
  console.log('PostgreSQL unreachable: measured on PGlite only.');
}
console.log(
  `\nConsole lists on ${REQUESTS.toLocaleString('en-US')} join requests (pages of ${PAGE}, median and slowest of ${RUNS}):`,
);
console.table(rows);
