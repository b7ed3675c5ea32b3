import { DIGEST_SUBJECT } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInReplies, checkIns, cheers, outbox, users } from '../src/db/schema.ts';
import { runDigests } from '../src/services/digests.ts';
import { browser, testClock, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/** The tracker's clock, moved by the tests: Denver is on UTC-7 here (after 1 November). */
const clock = testClock('2026-11-03T15:00:00Z');
const { at } = clock;
const TEAM = 2;
const front = useTestFrontDoor({ now: clock.now, capacities: { [TEAM]: 30 } });

const digestsTo = (address: string) =>
  front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'digest'), eq(outbox.toAddress, address)))
    .orderBy(outbox.id);

/** `owner`'s answer of `day` with a note, cheered and replied to by `by` at the tracker's now. */
async function reactedCheckIn(ownerId: number, byId: number, day: string, reply: string) {
  const { db } = front.tracker.app.database;
  const [row] = await db
    .insert(checkIns)
    .values({
      userId: ownerId,
      day,
      done: true,
      note: 'Wrote a page',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning();
  if (!row) throw new Error('no check-in');
  await db.insert(cheers).values({ checkInId: row.id, userId: byId, createdAt: clock.now() });
  await db
    .insert(checkInReplies)
    .values({ checkInId: row.id, userId: byId, text: reply, createdAt: clock.now() });
}

describe('the daily digest of cheers and replies', () => {
  let ada: Awaited<ReturnType<typeof teamMember>>;
  let ben: Awaited<ReturnType<typeof teamMember>>;
  beforeAll(async () => {
    ada = await teamMember(front.tracker, TEAM, 'Ada Digest');
    ben = await teamMember(front.tracker, TEAM, 'Ben Digest');
    await front.tracker.app.database.db
      .update(users)
      .set({ timeZone: 'America/Denver' })
      .where(eq(users.id, ada.id));
  });

  it('is off until the member turns it on, then comes once at 20:00 on their clock, only on a day with cheers or replies', async () => {
    const app = front.tracker.app;
    // Ada's browser, signed in afresh at the clock's time (an idle session ends after 30 minutes).
    const send = async (opts: Parameters<ReturnType<typeof browser>['send']>[0]) => {
      const b = browser(front.door);
      expect((await b.signIn(ada.email, ada.password)).statusCode).toBe(200);
      return b.send(opts);
    };
    const read = await send({ method: 'GET', url: '/api/me/digest' });
    expect(read.json()).toEqual({ enabled: false });

    // Tuesday: cheered and replied to, but the digest is off.
    await reactedCheckIn(ada.id, ben.id, '2026-11-03', 'Nice one');
    await runDigests(app);
    at('2026-11-04T03:00:00Z'); // 20:00 in Denver
    await runDigests(app);
    expect(await digestsTo(ada.email)).toHaveLength(0);

    // Turned on (a wrong body is refused and changes nothing).
    const wrong = await send({
      method: 'PUT',
      url: '/api/me/digest',
      payload: { enabled: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await send({ method: 'GET', url: '/api/me/digest' })).json()).toEqual({
      enabled: false,
    });
    const on = await send({ method: 'PUT', url: '/api/me/digest', payload: { enabled: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true });

    // Wednesday: a cheer and a reply in the afternoon; the digest goes at 20:00, once.
    at('2026-11-04T15:00:00Z');
    await runDigests(app);
    at('2026-11-04T21:00:00Z');
    await reactedCheckIn(ada.id, ben.id, '2026-11-04', 'Great page!');
    await runDigests(app);
    expect(await digestsTo(ada.email)).toHaveLength(0);
    at('2026-11-05T03:00:00Z');
    await runDigests(app);
    await runDigests(app);
    const [mail, ...more] = await digestsTo(ada.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(DIGEST_SUBJECT);
    expect(mail?.bodyText).toContain('- Ben Digest cheered your check-in of Wednesday, November 4');
    expect(mail?.bodyText).toContain(
      '- Ben Digest replied to your note of Wednesday, November 4: "Great page!"',
    );
    // Tuesday's reactions were that day's, not this one's.
    expect(mail?.bodyText).not.toContain('Nice one');
    // Ben has it off: nothing for him.
    expect(await digestsTo(ben.email)).toHaveLength(0);

    // Thursday: nobody reacted, no mail.
    at('2026-11-06T03:00:00Z');
    await runDigests(app);
    expect(await digestsTo(ada.email)).toHaveLength(1);

    // Turned off again: Friday's cheer brings no mail.
    expect(
      (await send({ method: 'PUT', url: '/api/me/digest', payload: { enabled: false } }))
        .statusCode,
    ).toBe(200);
    at('2026-11-06T20:00:00Z');
    await reactedCheckIn(ada.id, ben.id, '2026-11-06', 'Keep going');
    at('2026-11-07T03:00:00Z');
    await runDigests(app);
    expect(await digestsTo(ada.email)).toHaveLength(1);
  });

  it('answers a signed-out request 401 and changes nothing', async () => {
    const out = await browser(front.door).send({
      method: 'PUT',
      url: '/api/me/digest',
      payload: { enabled: true },
    });
    expect(out.statusCode).toBe(401);
  });
});
