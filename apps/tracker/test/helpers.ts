import { API_KEY_PREFIX } from '@app/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TrackerOptions } from '../src/config.ts';
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
    // Cheap hashing for tests only; the default (2^17) is tested in password.test.ts.
    scryptLogN: 10,
    // Ambient variables (a developer's DATABASE_URL) must not leak into tests.
    env: {},
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
