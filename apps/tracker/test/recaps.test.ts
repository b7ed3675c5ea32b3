import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkIns,
  cheers,
  outbox,
  pauses,
  recapSettings,
  recaps,
  teamCalls,
} from '../src/db/schema.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { testClock, useTestFrontDoor } from './door.ts';
import { API_KEY, directly, secondTracker, type TestTracker } from './helpers.ts';

/** The tracker's clock, moved by the tests: Berlin is on UTC+1 and Denver on UTC-7 here. */
const clock = testClock('2026-11-02T12:00:00Z');
const { at, now } = clock;
const front = useTestFrontDoor({ now });
let t: TestTracker;
let door: FastifyInstance;
beforeAll(() => {
  ({ tracker: t, door } = front);
});

const made = directly(() => front.tracker, 'Recap', now);
const team = () => made.team(30);
/** An Active member of `teamId` in `timeZone` who joined at the tracker's now. */
const member = (name: string, teamId: number, timeZone: string) =>
  made.member(name, teamId, { timeZone, goal: 'Practise the cello' });

const recapsTo = (...addresses: string[]) =>
  t.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'recap'), inArray(outbox.toAddress, addresses)))
    .orderBy(outbox.id);

describe('the weekly recap', () => {
  it('reaches each active member once, at 18:00 on their own Sunday in Berlin and Denver, their own line first, and stops with one click', async () => {
    at('2026-11-02T12:00:00Z');
    const home = await team();
    const berlin = await member('Bea Berlin', home.id, 'Europe/Berlin');
    const denver = await member('Dan Denver', home.id, 'America/Denver');
    const paused = await member('Paz Paused', home.id, 'America/Denver');
    await t.app.database.db
      .insert(pauses)
      .values({ userId: paused.id, firstDay: '2026-11-07', lastDay: '2026-11-09' });
    // Bea answers Yes Monday to Friday; Dan on Monday and Tuesday, Not today on Wednesday.
    const answer = async (userId: number, day: string, done = true) => {
      const [row] = await t.app.database.db
        .insert(checkIns)
        .values({ userId, day, done, createdAt: now(), updatedAt: now() })
        .returning();
      return row;
    };
    for (const d of ['02', '03', '05', '06']) await answer(berlin.id, `2026-11-${d}`);
    const cheered = await answer(berlin.id, '2026-11-04');
    await answer(denver.id, '2026-11-02');
    await answer(denver.id, '2026-11-03');
    await answer(denver.id, '2026-11-04', false);
    if (!cheered) throw new Error('no check-in');
    await t.app.database.db.insert(cheers).values({ checkInId: cheered.id, userId: denver.id });
    await t.app.database.db.insert(teamCalls).values({
      teamId: home.id,
      timeZone: 'America/Denver',
      firstWeekday: 2,
      firstMinute: 19 * 60,
      secondWeekday: 4,
      secondMinute: 19 * 60,
      durationMinutes: 30,
      meetingUrl: 'https://meet.example/recap-team',
    });
    const everyone = [berlin.email, denver.email, paused.email];
    await runRecaps(t.app);

    // Berlin's Sunday 18:00 is 17:00 UTC.
    at('2026-11-08T16:59:00Z');
    await runRecaps(t.app);
    expect(await recapsTo(...everyone)).toHaveLength(0);
    at('2026-11-08T17:00:00Z');
    await runRecaps(t.app);
    await runRecaps(t.app);
    // A retry of the same pass (her row due again, as after a crash before the next time was set).
    await t.app.database.db
      .update(recapSettings)
      .set({ nextAt: new Date(clock.ms - 1000) })
      .where(eq(recapSettings.userId, berlin.id));
    await runRecaps(t.app);
    const [bea, ...more] = await recapsTo(...everyone);
    expect(more).toHaveLength(0);
    expect(bea?.toAddress).toBe(berlin.email);
    expect(bea?.subject).toBe("Your team's week: Monday, November 2 to Sunday, November 8");
    const lines = (bea?.bodyText ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(lines.slice(0, 3)).toEqual([
      '- You: 5 of 5, streak 5, 1 cheer',
      // Thursday and Friday went unanswered: Dan's run of days ended.
      '- Dan Denver: 2 of 5, streak 0',
      // Paz paused from Saturday, after a week of unanswered weekdays.
      '- Paz Paused (paused): 0 of 5, streak 0',
    ]);
    expect(bea?.bodyText).toContain('- Dan Denver cheered you (Wednesday, November 4)');
    expect(bea?.bodyText).toContain('Calls ahead:');
    expect(bea?.bodyText).toContain(
      '- Wednesday, November 11 at 3:00 AM GMT+1: https://meet.example/recap-team',
    );
    expect(bea?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Denver's Sunday 18:00 is 01:00 UTC on Monday; Paz is paused that day.
    at('2026-11-09T00:59:00Z');
    await runRecaps(t.app);
    expect(await recapsTo(denver.email)).toHaveLength(0);
    at('2026-11-09T01:00:00Z');
    await runRecaps(t.app);
    await runRecaps(t.app);
    const [dan, ...again] = await recapsTo(denver.email, paused.email);
    expect(again).toHaveLength(0);
    expect(dan?.toAddress).toBe(denver.email);
    const danLines = (dan?.bodyText ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(danLines[0]).toBe('- You: 2 of 5, streak 0');
    expect(danLines[1]).toBe('- Bea Berlin: 5 of 5, streak 5, 1 cheer');
    expect(dan?.bodyText).toContain(
      '- Tuesday, November 10 at 7:00 PM MST: https://meet.example/recap-team',
    );

    // Bea presses Unsubscribe in her mail client: no recap next Sunday; Dan's still comes.
    const header = bea?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(header.replace(/^<|>$/g, ''));
    expect(url.pathname).toBe('/unsubscribe');
    const stop = await door.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode).toBe(200);
    const unknown = await door.inject({
      method: 'POST',
      url: '/api/email-links/recap-unsubscribe?token=nothing',
    });
    expect(unknown.statusCode).toBe(404);
    at('2026-11-16T01:00:00Z');
    await runRecaps(t.app);
    expect(await recapsTo(berlin.email)).toHaveLength(1);
    expect(await recapsTo(denver.email)).toHaveLength(2);
    const weeks = await t.app.database.db
      .select({ week: recaps.weekStart })
      .from(recaps)
      .where(eq(recaps.userId, denver.id));
    expect(weeks.map((w) => w.week).sort()).toEqual(['2026-11-02', '2026-11-09']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is mailed once per member and week when two trackers on one PostgreSQL run the schedule at once',
    async () => {
      at('2026-11-17T12:00:00Z');
      const second = await secondTracker(t.db, {
        apiKey: API_KEY,
        env: {},
        reminderCheckSeconds: 0,
        now,
      });
      try {
        const home = await team();
        const many = [];
        for (let i = 0; i < 20; i++) {
          many.push(await member(`Twin ${i}`, home.id, i % 2 ? 'Europe/Berlin' : 'America/Denver'));
        }
        await Promise.all([runRecaps(t.app), runRecaps(second)]);
        for (const instant of ['2026-11-22T17:00:00Z', '2026-11-23T01:00:00Z']) {
          at(instant);
          await Promise.all([
            runRecaps(t.app),
            runRecaps(second),
            runRecaps(t.app),
            runRecaps(second),
          ]);
        }
        const sent = await recapsTo(...many.map((m) => m.email));
        expect(sent).toHaveLength(20);
        expect(new Set(sent.map((m) => m.toAddress)).size).toBe(20);
      } finally {
        await second.close();
      }
    },
  );
});
