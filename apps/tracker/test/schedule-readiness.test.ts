import { HEALTH_API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { runRecaps } from '../src/services/recaps.ts';
import { useDueRecaps } from './helpers.ts';

/**
 * A schedule's pass over many members due at once leaves the database to other work between two
 * members, and between two reads of one member's: a readiness check asked while the weekly recaps
 * of a whole set of members are being made is answered before the pass has queued more than a few
 * more of them, and one asked while a member's recap is being read is answered before that recap
 * is queued. Counted in recaps, not in milliseconds. On PGlite a transaction holds the one
 * connection until it ends, so a pass that took a batch of members in one transaction kept
 * readiness waiting for the whole batch (or failing it), and one that read a member's recap in the
 * transaction that queues it kept it waiting for that member's whole recap. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (where readiness has a connection of its own).
 */
const MEMBERS = 24;
/** How many more recaps may be queued between the check's asking and its answer. */
const AT_MOST = 5;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
};

describe('a readiness check during a recap pass of many members', () => {
  // A Sunday, 17:00 UTC: no member's zone is at midnight.
  const tracker = useDueRecaps(
    new Date('2026-11-08T17:00:00Z'),
    { members: MEMBERS, days: 20 },
    'own',
  );

  /** Counts the mails queued while `run` runs. */
  async function counting<T>(run: (queued: () => number) => Promise<T>) {
    let queued = 0;
    const { outbox } = tracker.app.repos;
    const enqueue = outbox.enqueue;
    outbox.enqueue = async (...args) => {
      const made = await enqueue(...args);
      queued++;
      return made;
    };
    try {
      return await run(() => queued);
    } finally {
      outbox.enqueue = enqueue;
    }
  }

  it('is answered between two members, not after a batch of them', async () => {
    const { app } = tracker;
    await counting(async (queued) => {
      let over = false;
      const pass = runRecaps(app).finally(() => {
        over = true;
      });
      await until(() => queued() >= 1 || over);
      const asked = queued();
      const ready = await app.inject({ method: 'GET', url: HEALTH_API.ready.url });
      const answered = queued();
      const made = await pass;
      expect(answered - asked).toBeLessThanOrEqual(AT_MOST);
      expect(ready.statusCode).toBe(200);
      // The pass went on well past the answer (a pass stops after its time; the paused members
      // get no recap).
      expect(made).toBeGreaterThan(AT_MOST * 2);
    });
  }, 120_000);

  it("is answered while a member's recap is read, before it is queued", async () => {
    const { app } = tracker;
    await tracker.due();
    const { checkIns } = app.repos;
    const cheersOnDays = checkIns.cheersOnDays;
    // Asked as each member's cheers of the week are read, from the second member on: how many
    // recaps were queued when it was asked and when it was answered.
    const checks: Promise<{ asked: number; answered: number; status: number }>[] = [];
    try {
      const made = await counting(async (queued) => {
        checkIns.cheersOnDays = async (...args) => {
          const asked = queued();
          if (asked >= 1) {
            checks.push(
              app.inject({ method: 'GET', url: HEALTH_API.ready.url }).then((ready) => ({
                asked,
                answered: queued(),
                status: ready.statusCode,
              })),
            );
          }
          return cheersOnDays(...args);
        };
        return runRecaps(app);
      });
      const answers = await Promise.all(checks);
      expect(made).toBeGreaterThan(AT_MOST * 2);
      expect(answers.length).toBeGreaterThan(AT_MOST);
      for (const { asked, answered, status } of answers) {
        expect(status).toBe(200);
        // On PGlite the check waits for the one connection: it is answered before the recap being
        // read is queued. On PostgreSQL it has a connection of its own while the pass goes on with
        // others, so the recap may be queued meanwhile, and a few more if the pool is busy.
        if (onPostgres) expect(answered - asked).toBeLessThanOrEqual(AT_MOST);
        else expect(answered).toBe(asked);
      }
    } finally {
      checkIns.cheersOnDays = cheersOnDays;
    }
  }, 120_000);
});
