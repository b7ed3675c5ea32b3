import { join } from 'node:path';
import { API_KEY_PREFIX } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TrackerOptions } from '../src/config.ts';
import { joinRequests, memberships, teams } from '../src/db/schema.ts';
import { TEST_ONLY_HASH_COST } from '../src/password.ts';
import { seedScale } from '../src/seed/scale.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';

export const API_KEY = `${API_KEY_PREFIX}${'t'.repeat(24)}`;

export interface TestTracker {
  app: FastifyInstance;
  db: TestDatabase;
  /** inject with the API key. */
  call(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A tracker on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function testTracker(extra: TrackerOptions = {}): Promise<TestTracker> {
  const db = await createTestDatabase();
  const app = await buildTracker({
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    apiKey: API_KEY,
    // Ambient variables (a developer's DATABASE_URL) must not leak into tests.
    env: {},
    // Tests run the reminder schedule themselves, on their own clock.
    reminderCheckSeconds: 0,
    // Sign-ups hash at argon2id's cheapest cost here; users.test.ts checks the product's own.
    passwordCost: TEST_ONLY_HASH_COST,
    ...extra,
  });
  return {
    app,
    db,
    call: (opts) =>
      app.inject({ ...opts, headers: { 'x-api-key': API_KEY, ...(opts.headers ?? {}) } }),
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/**
 * A tracker on a fresh database with the scale seed's members and their history, on the test's
 * own clock, for the plan and schedule tests: no schedule runs by itself, and the tests close
 * the app and clean the store up.
 */
export async function seededTracker(
  now: () => Date,
  seed: { members: number; days: number },
  where: Parameters<typeof createTestDatabase>[0] = {},
): Promise<{ app: FastifyInstance; store: TestDatabase }> {
  const store = await createTestDatabase(where);
  const app = await buildTracker({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    env: {},
    reminderCheckSeconds: 0,
    now,
  });
  await seedScale(app.database.db, { ...seed, now: now() });
  return { app, store };
}

/**
 * A seeded tracker (seededTracker) for the tests around it, with every member's weekly recap due a
 * minute before `clock`, its next time worked out in the member's own zone or in UTC: started
 * before them, closed after them. `due()` makes every recap due again (the recaps sent forgotten).
 */
export function useDueRecaps(
  clock: Date,
  seed: { members: number; days: number },
  zone: 'own' | 'UTC',
) {
  let running: { app: FastifyInstance; store: TestDatabase } | undefined;
  const started = () => {
    if (!running) throw new Error('the tracker starts before the tests');
    return running.app;
  };
  const due = async () => {
    const { db } = started().database;
    const at = new Date(clock.getTime() - 60_000);
    await db.execute(sql`DELETE FROM recaps`);
    await db.execute(
      zone === 'UTC'
        ? sql`UPDATE recap_settings SET enabled = true, time_zone = 'UTC', next_at = ${at}`
        : sql`UPDATE recap_settings r SET enabled = true, time_zone = u.time_zone, next_at = ${at}
            FROM users u WHERE u.id = r.user_id`,
    );
  };
  beforeAll(async () => {
    running = await seededTracker(() => clock, seed);
    await due();
  }, 120_000);
  afterAll(async () => {
    await running?.app.close();
    await running?.store.cleanup();
  });
  return {
    get app() {
      return started();
    },
    due,
  };
}

/**
 * A tracker for the tests around it (a file or a describe): started before them on a fresh
 * database, closed after them. Its fields are there once the tests run.
 */
export function useTestTracker(extra: TrackerOptions = {}): TestTracker {
  let running: TestTracker | undefined;
  const started = () => {
    if (!running) throw new Error('the tracker starts before the tests');
    return running;
  };
  beforeAll(async () => {
    running = await testTracker(extra);
  });
  afterAll(async () => {
    await running?.close();
  });
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    call: (opts) => started().call(opts),
    close: () => started().close(),
  };
}

/**
 * A user's row, whatever their status. The public read routes show only members, so tests look
 * at applicants here.
 */
export async function userRow(t: TestTracker, id: number) {
  const row = await t.app.repos.users.get(id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** The status of a user's membership of a team, or undefined when there is none. */
export async function membershipStatus(t: TestTracker, teamId: number, userId: number) {
  const [row] = await t.app.database.db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  return row?.status;
}

let counter = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `user${counter}-${Date.now()}@example.org`,
    password: 'correct horse battery staple',
    name: 'Test User',
    goalSummary: 'Finish what I start',
    teamId: 1,
    ...overrides,
  };
}

/** Signs a new account up through the tracker API (201): its sign-up details and its id. */
export async function signUp(t: TestTracker, overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const res = await t.call({ method: 'POST', url: '/users', payload: user });
  expect(res.statusCode).toBe(201);
  return { ...user, id: Number(res.json().user.id) };
}

/**
 * A new member of `teamId`: signed up through the tracker API and, unless `approve` is false,
 * their join request approved as an operator would. Their sign-up details and their id.
 */
export async function teamMember(
  t: TestTracker,
  teamId: number,
  name: string,
  { approve = true } = {},
) {
  const user = await signUp(t, { teamId, name });
  if (approve) {
    const list = await t.call({ method: 'GET', url: '/join-requests?status=pending' });
    const request = list
      .json()
      .joinRequests.find((r: { user: { id: number } }) => r.user.id === user.id);
    const approved = await t.call({ method: 'POST', url: `/join-requests/${request.id}/approve` });
    expect(approved.statusCode).toBe(200);
  }
  return user;
}

/** A user's join request row. */
export async function joinRequestOf(t: TestTracker, userId: number) {
  const [row] = await t.app.database.db
    .select()
    .from(joinRequests)
    .where(eq(joinRequests.userId, userId));
  if (!row) throw new Error(`no join request of ${userId}`);
  return row;
}

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----tracker${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`
        : `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('filename' in p ? p.data : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid images of each accepted type. */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
  ]),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

/**
 * Teams and members written straight to the database of `tracker()` (read when called, so it may
 * be built later), for tests that need many of them: names carry `label` and the process id, so
 * no two collide. A member is Active on their team from `now()`, has no password to sign in with
 * and never answers.
 */
export function directly(tracker: () => TestTracker, label: string, now: () => Date) {
  let made = 0;
  return {
    /** A team of its own with `capacity` seats, of the area and role given, if any. */
    async team(capacity: number, focus: { focusAreaId?: number; focusRoleId?: number } = {}) {
      made += 1;
      const [row] = await tracker()
        .app.database.db.insert(teams)
        .values({ name: `${label} Team ${made}-${process.pid}`, capacity, ...focus })
        .returning();
      if (!row) throw new Error('no team');
      return row;
    },
    /** An Active member of `teamId`, in Denver unless `timeZone` says otherwise. */
    async member(
      name: string,
      teamId: number,
      { timeZone = 'America/Denver', goal = 'Run three times a week' } = {},
    ) {
      made += 1;
      const { app } = tracker();
      const user = await app.repos.users.insert({
        email: `${label.toLowerCase()}-${made}-${process.pid}@example.org`,
        passwordHash: 'not used',
        name,
        goalSummary: goal,
        timeZone,
      });
      await app.database.db
        .insert(memberships)
        .values({ teamId, userId: user.id, status: 'Active', createdAt: now() });
      return user;
    },
  };
}

/**
 * An applicant whose join request to `teamId` (Deep Work Crew unless said) an operator declined:
 * free to look for a seat on another team. Their sign-up details and their id.
 */
export async function declinedApplicant(t: TestTracker, name: string, teamId = 1) {
  const user = await signUp(t, { teamId, name });
  const request = await joinRequestOf(t, user.id);
  const decline = await t.call({ method: 'POST', url: `/join-requests/${request.id}/decline` });
  expect(decline.statusCode).toBe(200);
  return user;
}

/**
 * A second tracker on a test's PostgreSQL database, as a cluster's second instance is: the same
 * database, and a data directory of its own inside the first's, removed with it. No database is
 * made for it.
 */
export function secondTracker(
  first: TestDatabase,
  opts: Omit<TrackerOptions, 'dataDir' | 'databaseUrl'>,
): Promise<FastifyInstance> {
  return buildTracker({
    ...opts,
    dataDir: join(first.dataDir, 'second-tracker'),
    databaseUrl: first.databaseUrl,
  });
}
