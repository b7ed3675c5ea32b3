import { CHECK_IN_MESSAGES, CheckIn, CheckInStatus, NewerCheckInKept } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIns, cheers } from '../src/db/schema.ts';
import { type Browser, browser, testClock, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/**
 * An answer kept on a device without a connection and sent later carries the time it was given
 * (`givenAt`): the tracker applies it only when the day's stored answer is not newer, and
 * otherwise answers 412 CHECK_IN_NEWER with the answer it keeps, changing nothing.
 */

/** 11:00 on Monday 2 November 2026 in Denver, the default zone; moved by the tests. */
const clock = testClock('2026-11-02T18:00:00Z');
const DAY = '2026-11-02';
const TEAM = 2;

const front = useTestFrontDoor({ now: clock.now, capacities: { [TEAM]: 30 } });

interface Member {
  id: number;
  email: string;
  password: string;
  /** Signed in on two devices: a phone that was offline and a laptop. */
  phone: Browser;
  laptop: Browser;
}

async function member(name: string): Promise<Member> {
  const user = await teamMember(front.tracker, TEAM, name);
  const phone = browser(front.door);
  const laptop = browser(front.door);
  for (const device of [phone, laptop]) {
    expect((await device.signIn(user.email, user.password)).statusCode).toBe(200);
  }
  return { id: user.id, email: user.email, password: user.password, phone, laptop };
}

const put = (device: Browser, payload: Record<string, unknown>) =>
  device.send({ method: 'PUT', url: '/api/me/check-ins', payload: { day: DAY, ...payload } });

const storedRow = async (userId: number) => {
  const [row] = await front.tracker.app.database.db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.day, DAY)));
  return row ?? null;
};

const cheersOn = async (checkInId: number) =>
  (await front.tracker.app.database.db.select().from(cheers).where(eq(cheers.checkInId, checkInId)))
    .length;

const minutes = (n: number) => new Date(Date.parse('2026-11-02T18:00:00Z') + n * 60_000);

let teammate: Member;

beforeAll(async () => {
  teammate = await member('Tess Teammate');
});

describe('an answer kept offline and sent later', () => {
  it('is not applied over a newer answer from another device: the newer Yes and its cheers stay', async () => {
    clock.at(minutes(0).getTime());
    const ann = await member('Ann Twodevices');
    // 11:00 the phone, offline, keeps Not today. 11:05 the laptop answers Yes; 11:06 a cheer.
    const keptAt = minutes(0).toISOString();
    clock.at(minutes(5).getTime());
    const yes = await put(ann.laptop, { answer: 'yes', note: 'Ran 5 km' });
    expect(yes.statusCode).toBe(200);
    clock.at(minutes(6).getTime());
    const cheered = await teammate.laptop.send({
      method: 'PUT',
      url: `/api/teams/${TEAM}/members/${ann.id}/check-ins/${DAY}/cheer`,
    });
    expect(cheered.statusCode).toBe(200);
    const before = await storedRow(ann.id);
    if (before === null) throw new Error('the Yes was not stored');
    expect(await cheersOn(before.id)).toBe(1);

    // 11:10 the phone is back online and sends what it kept.
    clock.at(minutes(10).getTime());
    const stale = await put(ann.phone, { answer: 'not-today', note: '', givenAt: keptAt });
    expect(stale.statusCode).toBe(412);
    const body = NewerCheckInKept.parse(stale.json());
    expect(body.code).toBe('CHECK_IN_NEWER');
    expect(body.message).toBe(CHECK_IN_MESSAGES.newerAnswerKept('Monday, November 2'));
    expect(body.details.checkIn).toMatchObject({
      day: DAY,
      answer: 'yes',
      note: 'Ran 5 km',
      updatedAt: minutes(5).toISOString(),
    });

    // Nothing changed: the Yes, its time and its cheer.
    const after = await storedRow(ann.id);
    expect(after).toEqual(before);
    expect(await cheersOn(before.id)).toBe(1);
    const status = await ann.laptop.send({ method: 'GET', url: '/api/me/check-ins' });
    const { days, reactions } = CheckInStatus.parse(status.json());
    expect(days.find((d) => d.day === DAY)?.checkIn?.answer).toBe('yes');
    expect(reactions.find((r) => r.day === DAY)?.cheers.map((c) => c.name)).toEqual([
      'Tess Teammate',
    ]);
  });

  it('is applied when nothing newer is stored, counted from when it was given', async () => {
    clock.at(minutes(0).getTime());
    const bo = await member('Bo Later');
    // No answer yet: the kept one is stored, as given at 11:01.
    clock.at(minutes(3).getTime());
    const first = await put(bo.phone, {
      answer: 'yes',
      note: 'On the train',
      givenAt: minutes(1).toISOString(),
    });
    expect(first.statusCode).toBe(200);
    expect(CheckIn.parse(first.json())).toMatchObject({
      answer: 'yes',
      note: 'On the train',
      updatedAt: minutes(1).toISOString(),
    });
    // Sent again (its answer lost on the way back): the same answer, still one.
    const again = await put(bo.phone, {
      answer: 'yes',
      note: 'On the train',
      givenAt: minutes(1).toISOString(),
    });
    expect(again.statusCode).toBe(200);

    // An older answer stored (11:01), a kept one given after it (11:04): the kept one wins.
    clock.at(minutes(8).getTime());
    const later = await put(bo.laptop, {
      answer: 'not-today',
      note: 'Too tired',
      givenAt: minutes(4).toISOString(),
    });
    expect(later.statusCode).toBe(200);
    const row = await storedRow(bo.id);
    expect(row).toMatchObject({ done: false, note: 'Too tired' });
    expect(row?.updatedAt.toISOString()).toBe(minutes(4).toISOString());

    // A device clock a minute fast counts as now, not as the future.
    const fast = await put(bo.phone, { answer: 'yes', givenAt: minutes(9).toISOString() });
    expect(fast.statusCode).toBe(200);
    expect((await storedRow(bo.id))?.updatedAt.toISOString()).toBe(minutes(8).toISOString());
  });

  it('with a bad time (in the future, not a time) is a clear 400 and changes nothing', async () => {
    clock.at(minutes(0).getTime());
    const cy = await member('Cy Clockwrong');
    expect((await put(cy.laptop, { answer: 'yes', note: 'Done' })).statusCode).toBe(200);
    const before = await storedRow(cy.id);
    clock.at(minutes(2).getTime());
    const future = await put(cy.phone, {
      answer: 'not-today',
      givenAt: minutes(2 + 6).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'givenAt', message: CHECK_IN_MESSAGES.givenAtFuture }],
    });
    for (const givenAt of ['yesterday', '2026-11-02T18:00:00', '2026-13-40T99:00:00Z', 1, '']) {
      const bad = await put(cy.phone, { answer: 'not-today', givenAt });
      expect(bad.statusCode, String(givenAt)).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'givenAt' }],
      });
    }
    expect(await storedRow(cy.id)).toEqual(before);
  });
});

describe('an answer given online (no givenAt)', () => {
  it('is applied as it comes, as before', async () => {
    clock.at(minutes(0).getTime());
    const di = await member('Di Direct');
    expect((await put(di.laptop, { answer: 'yes' })).statusCode).toBe(200);
    clock.at(minutes(1).getTime());
    const changed = await put(di.phone, { answer: 'not-today', note: 'Changed my mind' });
    expect(changed.statusCode).toBe(200);
    expect(await storedRow(di.id)).toMatchObject({ done: false, note: 'Changed my mind' });
  });
});

describe('the home', () => {
  it("names its session for the browser's offline copy, with the latest the session ends", async () => {
    clock.at(minutes(0).getTime());
    const ed = await member('Ed Twosessions');
    const read = async (device: Browser) => {
      const res = await device.send({ method: 'GET', url: '/api/me/home' });
      expect(res.statusCode).toBe(200);
      return (res.json() as { session: { tag: string; endsAt: string } }).session;
    };
    const phone = await read(ed.phone);
    expect(phone.tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(phone.endsAt).toBe(new Date(minutes(0).getTime() + 12 * 3_600_000).toISOString());
    expect(await read(ed.phone)).toEqual(phone);
    // Another session of the same member is named otherwise; the tag is not the cookie.
    expect((await read(ed.laptop)).tag).not.toBe(phone.tag);
    expect(ed.phone.cookie).not.toContain(phone.tag);
  });
});

describe('the API description', () => {
  it('says what a kept answer sends (givenAt) and what a newer stored one answers (412)', async () => {
    const res = await front.door.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const put = (
      res.json() as {
        paths: Record<
          string,
          Record<
            string,
            {
              summary: string;
              requestBody: { content: Record<string, { schema: { properties: object } }> };
              responses: Record<string, { content: Record<string, { schema: unknown }> }>;
            }
          >
        >;
      }
    ).paths['/api/me/check-ins']?.put;
    expect(put?.summary).toContain('412 CHECK_IN_NEWER');
    expect(
      Object.keys(put?.requestBody.content['application/json']?.schema.properties ?? {}),
    ).toContain('givenAt');
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '412']));
    expect(JSON.stringify(put?.responses['412'])).toContain('CHECK_IN_NEWER');
  });
});
