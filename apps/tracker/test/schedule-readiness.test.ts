import { HEALTH_API } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecaps } from '../src/services/recaps.ts';
import type { TestDatabase } from '../src/testing.ts';
import { seededTracker } from './helpers.ts';

/**
 * A schedule's pass over many members due at once leaves the database to other work between two
 * members: a readiness check asked while the weekly recaps of a whole set of members are being
 * made is answered before the pass has queued more than a few more of them. Counted in recaps,
 * not in milliseconds. On PGlite a transaction holds the one connection until it ends, so a pass
 * that took a batch of members in one transaction kept readiness waiting for the whole batch (or
 * failing it). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (where readiness has a
 * connection of its own).
 */
const MEMBERS = 24;
/** How many more recaps may be queued between the check's asking and its answer. */
const AT_MOST = 5;

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
};

describe('a readiness check during a recap pass of many members', () => {
  // A Sunday, 17:00 UTC: no member's zone is at midnight.
  const clock = new Date('2026-11-08T17:00:00Z');
  let store: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app, store } = await seededTracker(() => clock, { members: MEMBERS, days: 20 }));
    // Every member's recap due a minute ago, worked out in their own zone.
    await app.database.db.execute(sql`
      UPDATE recap_settings r SET enabled = true, time_zone = u.time_zone,
        next_at = ${new Date(clock.getTime() - 60_000)}
      FROM users u WHERE u.id = r.user_id`);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.cleanup();
  });

  it('is answered between two members, not after a batch of them', async () => {
    let queued = 0;
    const { outbox } = app.repos;
    const enqueue = outbox.enqueue;
    outbox.enqueue = async (...args) => {
      const made = await enqueue(...args);
      queued++;
      return made;
    };
    try {
      let over = false;
      const pass = runRecaps(app).finally(() => {
        over = true;
      });
      await until(() => queued >= 1 || over);
      const asked = queued;
      const ready = await app.inject({ method: 'GET', url: HEALTH_API.ready.url });
      const answered = queued;
      const made = await pass;
      expect(answered - asked).toBeLessThanOrEqual(AT_MOST);
      expect(ready.statusCode).toBe(200);
      // The pass went on well past the answer (a pass stops after its time; the paused members
      // get no recap).
      expect(made).toBeGreaterThan(AT_MOST * 2);
    } finally {
      outbox.enqueue = enqueue;
    }
  }, 120_000);
});
