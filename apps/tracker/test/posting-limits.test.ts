import { POSTING_LIMITS, RESET_REQUEST_LIMITS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkInReplies } from '../src/db/schema.ts';
import { type Browser, browser, useTestFrontDoor } from './door.ts';
import { signUp, teamMember } from './helpers.ts';

/** 11:00 on Monday 2 November 2026 in Denver, the default zone. */
const NOW = Date.parse('2026-11-02T18:00:00Z');
const DAY = '2026-11-02';
const TEAM = 2;

const front = useTestFrontDoor({ now: () => new Date(NOW), capacities: { [TEAM]: 30 } });

interface Member {
  id: number;
  b: Browser;
}

async function member(name: string): Promise<Member> {
  const user = await teamMember(front.tracker, TEAM, name);
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { id: user.id, b };
}

/** A member who answered Yes today with a note to reply to. */
async function withNote(name: string): Promise<Member> {
  const m = await member(name);
  const res = await m.b.send({
    method: 'PUT',
    url: '/api/me/check-ins',
    payload: { day: DAY, answer: 'yes', note: 'Ran 5 km' },
  });
  expect(res.statusCode).toBe(200);
  return m;
}

const at = (owner: Member, what: 'cheer' | 'replies') =>
  `/api/teams/${TEAM}/members/${owner.id}/check-ins/${DAY}/${what}`;

function expectLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(3500);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
}

describe('limits on what members post', () => {
  it(`takes ${POSTING_LIMITS.repliesPerHour} replies an hour from a member and ${POSTING_LIMITS.repliesPerCheckInPerHour} on one check-in; the next is 429 with Retry-After and not stored`, async () => {
    const owners: Member[] = [];
    for (let i = 0; i < 7; i += 1) owners.push(await withNote(`Owner ${i}`));
    const replier = await member('Rita Replier');
    const send = (owner: Member) =>
      replier.b.send({ method: 'POST', url: at(owner, 'replies'), payload: { text: 'Nice!' } });
    const [first, ...rest] = owners;
    if (first === undefined) throw new Error('no owners');
    for (let i = 0; i < 10; i += 1) expect((await send(first)).statusCode).toBe(201);
    // The 11th on one check-in.
    const eleventh = await send(first);
    expectLimited(eleventh);
    expect(eleventh.json()).toMatchObject({
      message: 'You have sent a lot of replies in the last hour. Try again in 60 minutes.',
    });
    for (const owner of rest.slice(0, 5)) {
      for (let i = 0; i < 10; i += 1) expect((await send(owner)).statusCode).toBe(201);
    }
    // The 61st in the hour, on a check-in with none of hers yet.
    const last = rest[5];
    if (last === undefined) throw new Error('no seventh owner');
    expectLimited(await send(last));
    const db = front.tracker.app.database.db;
    const stored = (await db.select().from(checkInReplies)).filter(
      (row) => row.userId === replier.id,
    );
    expect(stored).toHaveLength(POSTING_LIMITS.repliesPerHour);
    // Another member is not held back by hers.
    const other = await member('Otto Other');
    expect(
      (await other.b.send({ method: 'POST', url: at(last, 'replies'), payload: { text: 'Hi' } }))
        .statusCode,
    ).toBe(201);
  });

  it(`takes ${POSTING_LIMITS.cheersPerCheckInPerHour} cheers and take-backs on one check-in an hour from a member`, async () => {
    const owner = await withNote('Cher Owner');
    const fan = await member('Fay Fan');
    for (let i = 0; i < POSTING_LIMITS.cheersPerCheckInPerHour; i += 1) {
      const method = i % 2 === 0 ? 'PUT' : 'DELETE';
      expect((await fan.b.send({ method, url: at(owner, 'cheer') })).statusCode).toBe(200);
    }
    const refused = await fan.b.send({ method: 'PUT', url: at(owner, 'cheer') });
    expectLimited(refused);
    expect(refused.json()).toMatchObject({
      message: 'You have cheered a lot in the last hour. Try again in 60 minutes.',
    });
  });
});

describe('limits on reset requests', () => {
  it(`refuses a request for one address past ${RESET_REQUEST_LIMITS.perAddressPerHour} in an hour, alike whether it has an account or not`, async () => {
    const user = await signUp(front.tracker);
    const request = (email: string, address: string) =>
      browser(front.door, { address }).send({
        method: 'POST',
        url: '/api/password-resets',
        payload: { email },
      });
    const answers = [];
    for (const [email, address] of [
      [user.email, '10.0.0.1'],
      ['nobody-here@example.org', '10.0.0.2'],
    ] as const) {
      for (let i = 0; i < RESET_REQUEST_LIMITS.perAddressPerHour; i += 1) {
        expect((await request(email, address)).statusCode).toBe(202);
      }
      // Asked the sixth time, from another client and with the address in capitals.
      const sixth = await request(email.toUpperCase(), '10.0.0.3');
      expectLimited(sixth);
      answers.push(sixth.json());
    }
    // The same refusal for both: it does not tell which address has an account.
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({
      message: 'Too many reset requests for this address. Try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    // Another address is still answered.
    expect((await request('someone-else@example.org', '10.0.0.3')).statusCode).toBe(202);
  });

  it(`refuses a request from one client past ${RESET_REQUEST_LIMITS.perClientPerHour} in an hour`, async () => {
    const from = (i: number) =>
      browser(front.door, { address: '10.0.1.1' }).send({
        method: 'POST',
        url: '/api/password-resets',
        payload: { email: `many-${i}@example.org` },
      });
    for (let i = 0; i < RESET_REQUEST_LIMITS.perClientPerHour; i += 1) {
      expect((await from(i)).statusCode).toBe(202);
    }
    expectLimited(await from(RESET_REQUEST_LIMITS.perClientPerHour));
  });
});
