import { AuditPage, MemberExport } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SoftAuthenticator, softAuthenticator } from './authenticator.ts';
import { type Browser, browser, ORIGIN, operator, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/** 11:00 on Monday 2 November 2026 in Denver, the default zone. */
const NOW = Date.parse('2026-11-02T18:00:00Z');
const DAY = '2026-11-02';
const TEAM = 2;

const front = useTestFrontDoor({ now: () => new Date(NOW), capacities: { [TEAM]: 30 } });

interface Member {
  id: number;
  name: string;
  email: string;
  password: string;
  b: Browser;
}

async function member(name: string): Promise<Member> {
  const user = await teamMember(front.tracker, TEAM, name);
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { id: user.id, name, email: user.email, password: user.password, b };
}

const onBoard = (to: Member, what: 'cheer' | 'replies') =>
  `/api/teams/${TEAM}/members/${to.id}/check-ins/${DAY}/${what}`;
async function ok(b: Browser, method: 'PUT' | 'POST', url: string, payload?: object) {
  const res = await b.send({ method, url, payload });
  expect(res.statusCode, url).toBeLessThan(300);
}

let ann: Member;
let ben: Member;
/** The passkey Ann adds: its name is in her file, its id and public key never are. */
let annKey: ReturnType<SoftAuthenticator['create']>;

beforeAll(async () => {
  ann = await member('Ann Exporter');
  ben = await member('Ben Teammate');
  await ok(ann.b, 'PUT', '/api/me/check-ins', { day: DAY, answer: 'yes', note: 'Ran 5 km' });
  await ok(ben.b, 'PUT', '/api/me/check-ins', {
    day: DAY,
    answer: 'yes',
    note: 'Ben private note',
  });
  await ok(ben.b, 'PUT', onBoard(ann, 'cheer'));
  await ok(ben.b, 'POST', onBoard(ann, 'replies'), { text: 'Well done Ann' });
  await ok(ann.b, 'PUT', onBoard(ben, 'cheer'));
  await ok(ann.b, 'POST', onBoard(ben, 'replies'), { text: 'Go Ben' });
  await ok(ann.b, 'PUT', '/api/me/pause', { weeks: 1 });
  const asked = await ann.b.send({ method: 'POST', url: '/api/me/passkeys/options' });
  expect(asked.statusCode, asked.body).toBe(200);
  annKey = softAuthenticator(ORIGIN).create(asked.json().options);
  await ok(ann.b, 'POST', '/api/me/passkeys', { credential: annKey, name: 'Ann phone' });
});

describe("a member's own data", () => {
  it('downloads as an attachment that parses with the published schema and holds their check-ins, cheers, replies and pause', async () => {
    const res = await ann.b.send({ method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="member-${ann.id}-data-${DAY}.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = MemberExport.parse(res.json());
    expect(data.profile).toMatchObject({ id: ann.id, name: ann.name, email: ann.email });
    expect(data.checkIns.map((c) => [c.day, c.done, c.note])).toEqual([[DAY, true, 'Ran 5 km']]);
    expect(data.cheers.given.map((c) => [c.checkInDay, c.to.name])).toEqual([[DAY, ben.name]]);
    expect(data.cheers.received.map((c) => [c.checkInDay, c.from.name])).toEqual([[DAY, ben.name]]);
    expect(data.replies.given.map((r) => [r.to.name, r.text])).toEqual([[ben.name, 'Go Ben']]);
    expect(data.replies.received.map((r) => [r.from.name, r.text])).toEqual([
      [ben.name, 'Well done Ann'],
    ]);
    expect(data.pauses.map((p) => [p.firstDay, p.lastDay])).toEqual([[DAY, '2026-11-08']]);
    expect(data.joinRequests.map((r) => r.status)).toEqual(['approved']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.passkeys.map((k) => [k.name, k.createdAt.slice(0, 10), k.lastUsedAt])).toEqual([
      ['Ann phone', DAY, null],
    ]);
    expect(data.mails.length).toBeGreaterThan(0);
  });

  it('holds nothing of another member but their name, and no secrets', async () => {
    const text = (await ann.b.send({ method: 'GET', url: '/api/me/export' })).body;
    expect(text).toContain(ben.name);
    expect(text).not.toContain(ben.email);
    expect(text).not.toContain('Ben private note');
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|idHash|p256dh|publicKey/);
    expect(text).not.toContain(annKey.id);
    // Ben's own export does not hold Ann's note either.
    const bens = (await ben.b.send({ method: 'GET', url: '/api/me/export' })).body;
    expect(bens).not.toContain('Ran 5 km');
    expect(bens).not.toContain(ann.email);
  });

  it('is refused without a session', async () => {
    const res = await browser(front.door).send({ method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SIGN_IN_REQUIRED');
  });
});

describe("an operator's export of a member", () => {
  it('answers the same data, is written to the audit log, and is not found once the member deleted their account', async () => {
    const op = await operator(front.tracker, front.door, () => NOW);
    const url = `/api/console/members/${ben.id}/export`;
    const res = await op.browser.send({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = MemberExport.parse(res.json());
    expect(data.profile.id).toBe(ben.id);
    expect(data.cheers.received.map((c) => c.from.name)).toEqual([ann.name]);
    const audit = AuditPage.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/audit?limit=1' })).json(),
    );
    expect(audit.items.map((e) => [e.action, e.target])).toEqual([
      ['member.exported', `user:${ben.id}`],
    ]);

    // A member cannot use the console's export.
    expect((await ann.b.send({ method: 'GET', url })).statusCode).toBe(403);
    expect((await browser(front.door).send({ method: 'GET', url })).statusCode).toBe(401);

    const deleted = await ben.b.send({
      method: 'POST',
      url: '/api/me/deletion',
      payload: { password: ben.password },
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await op.browser.send({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain(ben.name);
    // Nothing audited for an export that found no one.
    const after = AuditPage.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/audit?limit=5' })).json(),
    );
    expect(after.items.filter((e) => e.action === 'member.exported')).toHaveLength(1);
    // Ann's export no longer names Ben: his cheers and replies went with his account.
    const anns = MemberExport.parse(
      (await ann.b.send({ method: 'GET', url: '/api/me/export' })).json(),
    );
    expect(anns.cheers.received).toEqual([]);
    expect(anns.replies.received).toEqual([]);
  });
});
