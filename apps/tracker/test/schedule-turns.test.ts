import { describe, expect, it } from 'vitest';
import { recapSettings } from '../src/db/schema.ts';
import { runMemberSchedule } from '../src/services/member-schedule.ts';
import { useDueRecaps } from './helpers.ts';

/**
 * A schedule's pass on the members' own clocks (reminders, weekly recap, daily digest) gives the
 * event loop a turn between two members once a few milliseconds have gone, not only between two
 * batches of members: a batch whose members each take some work does not hold the tracker's
 * thread for the whole batch. On PGlite (whose queries run in the tracker's own thread) and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
const MEMBERS = 30;
/** The synchronous work each member's mail stands for here (ms). */
const WORK_MS = 6;

describe('a schedule pass with many members due', () => {
  const tracker = useDueRecaps(
    new Date('2026-11-02T17:00:00Z'),
    { members: MEMBERS, days: 3 },
    'UTC',
  );

  it('lets the event loop run between members within one batch', async () => {
    // Which members' work began after the event loop had a turn since the previous member's.
    let turned = false;
    let turns = 0;
    let members = 0;
    const timer = setInterval(() => {
      turned = true;
    }, 1);
    try {
      await runMemberSchedule(tracker.app, {
        table: recapSettings,
        next: () => null,
        member: async (_db, row) => row,
        zone: () => 'UTC',
        mail: async () => {
          if (turned) turns++;
          turned = false;
          members++;
          const until = performance.now() + WORK_MS;
          while (performance.now() < until) {
            // The member's mail being made.
          }
          return null;
        },
        send: async () => false,
      });
    } finally {
      clearInterval(timer);
    }
    expect(members).toBeGreaterThanOrEqual(MEMBERS);
    // A turn at least every other member (10 ms of work at most between turns), where a pass
    // that turned only between batches would give the loop one turn for all 30 of one batch.
    expect(turns).toBeGreaterThanOrEqual(members / 2 - 1);
  });
});
