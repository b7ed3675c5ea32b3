import { PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outbox, passkeyChallenges, passkeys } from '../src/db/schema.ts';
import { PASSKEY_CHALLENGE_MS } from '../src/services/passkeys.ts';
import { softAuthenticator } from './authenticator.ts';
import {
  type Browser,
  browser,
  expectOperatorsOnly,
  ORIGIN,
  operator,
  testClock,
  useTestFrontDoor,
} from './door.ts';
import { newUser } from './helpers.ts';

const clock = testClock('2026-03-02T09:00:00Z');
const front = useTestFrontDoor({ now: clock.now });
const now = () => clock.ms;

let addresses = 0;
/**
 * A browser of its own address: failed passkey sign-ins count per address, and these tests fail
 * on purpose many times.
 */
const fresh = () =>
  browser(front.door, { address: `10.7.${Math.floor(++addresses / 200)}.${addresses % 200}` });

/** A member signed up through the tracker API and signed in in a browser of their own. */
async function member() {
  const user = newUser({ teamId: 1 });
  const made = await front.tracker.call({ method: 'POST', url: '/users', payload: user });
  expect(made.statusCode).toBe(201);
  const b = fresh();
  const signedIn = await b.signIn(user.email, user.password);
  expect(signedIn.statusCode).toBe(200);
  return { id: signedIn.json().member.id as number, ...user, browser: b };
}

/** Adds a passkey made by `device` through `base` (/api/me or /api/console): the credential id. */
async function addPasskey(
  b: Browser,
  device: ReturnType<typeof softAuthenticator>,
  { base = '/api/me', password, name }: { base?: string; password?: string; name?: string } = {},
) {
  const asked = await b.send({
    method: 'POST',
    url: `${base}/passkeys/options`,
    ...(password === undefined ? {} : { payload: { password } }),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const credential = device.create(asked.json().options);
  const added = await b.send({
    method: 'POST',
    url: `${base}/passkeys`,
    payload: { credential, ...(name === undefined ? {} : { name }) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { credentialId: credential.id, passkey: added.json() as { id: number; name: string } };
}

/** A passkey sign-in's options, in `b` (which keeps the challenge's cookie). */
async function signInOptions(b: Browser) {
  const asked = await b.send({ method: 'POST', url: '/api/session/passkey/options' });
  expect(asked.statusCode).toBe(200);
  const { options } = asked.json();
  expect(options.userVerification).toBe('required');
  expect(options.allowCredentials ?? []).toEqual([]);
  expect(options.rpId).toBe(new URL(ORIGIN).hostname);
  return options as Record<string, unknown>;
}

const passkeySignIn = (b: Browser, credential: unknown) =>
  b.send({ method: 'POST', url: '/api/session/passkey', payload: { credential } });

async function expectRefused(answer: { statusCode: number; json(): { code: string } }) {
  expect(answer.statusCode).toBe(401);
  expect(answer.json().code).toBe('INVALID_PASSKEY');
}

async function auditOf(userId: number) {
  return front.tracker.app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `user:${userId}`))
    .orderBy(auditLog.id);
}

async function mailsTo(address: string, kind: string) {
  return front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), eq(outbox.kind, kind)));
}

describe('members’ passkeys', () => {
  it('adds a passkey, then signs in with it alone in a new session, no address typed', async () => {
    const m = await member();
    const phone = softAuthenticator(ORIGIN);
    const asked = await m.browser.send({ method: 'POST', url: '/api/me/passkeys/options' });
    const { options } = asked.json();
    expect(options.rp).toEqual({ name: 'Accountability Partners', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const { credentialId, passkey } = await addPasskey(m.browser, phone, { name: 'My phone' });
    expect(passkey.name).toBe('My phone');
    const listed = await m.browser.send({ method: 'GET', url: '/api/me/passkeys' });
    expect(listed.json().passkeys).toEqual([
      { id: passkey.id, name: 'My phone', createdAt: clock.now().toISOString(), lastUsedAt: null },
    ]);

    // A browser with a session id planted before sign-in: the sign-in gives a new one.
    const b = fresh();
    b.cookie = 'planted-session-id';
    const signIn = await signInOptions(b);
    const answered = await passkeySignIn(b, phone.get(credentialId, signIn));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({
      member: { id: m.id, name: m.name, role: 'member' },
      secondFactor: 'none',
    });
    expect(b.cookie).not.toBeNull();
    expect(b.cookie).not.toBe('planted-session-id');
    const cookie = answered.cookies.find((c) => c.name === 'tracker_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await b.home()).statusCode).toBe(200);
    const [row] = await front.tracker.app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('refuses a challenge answered twice, an expired one, and one given to another browser', async () => {
    const m = await member();
    const phone = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(m.browser, phone);

    const b = fresh();
    const first = await signInOptions(b);
    expect((await passkeySignIn(b, phone.get(credentialId, first))).statusCode).toBe(200);
    // The same challenge again, freshly signed (its counter higher): used already.
    const again = fresh();
    await signInOptions(again);
    await expectRefused(await passkeySignIn(b, phone.get(credentialId, first)));

    // A challenge past its minutes.
    const late = fresh();
    const expiring = await signInOptions(late);
    clock.at(clock.ms + PASSKEY_CHALLENGE_MS + 1000);
    await expectRefused(await passkeySignIn(late, phone.get(credentialId, expiring)));

    // A challenge answered from a browser it was not given to (no challenge cookie).
    const given = fresh();
    const options = await signInOptions(given);
    await expectRefused(await passkeySignIn(fresh(), phone.get(credentialId, options)));
    // ... which still works where it was given.
    expect((await passkeySignIn(given, phone.get(credentialId, options))).statusCode).toBe(200);
  });

  it('refuses an answer signed for another origin or RP ID, or without user verification', async () => {
    const m = await member();
    const phone = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(m.browser, phone);
    for (const wrong of [
      { origin: 'https://tracker.example.net' },
      { origin: 'http://localhost:3002' },
      { rpId: 'example.net' },
      { userVerified: false },
    ]) {
      const b = fresh();
      const options = await signInOptions(b);
      await expectRefused(await passkeySignIn(b, phone.get(credentialId, options, wrong)));
    }
    // A new key made on another origin is not added either.
    const asked = await m.browser.send({ method: 'POST', url: '/api/me/passkeys/options' });
    const phished = softAuthenticator('https://tracker.example.net');
    const credential = phished.create(asked.json().options);
    const added = await m.browser.send({
      method: 'POST',
      url: '/api/me/passkeys',
      payload: { credential },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().code).toBe('PASSKEY_NOT_ADDED');
    // Its challenge is used up: the right origin answering it now is refused too.
    const late = await m.browser.send({
      method: 'POST',
      url: '/api/me/passkeys',
      payload: { credential: phone.create(asked.json().options) },
    });
    expect(late.statusCode).toBe(400);
    expect(
      (await m.browser.send({ method: 'GET', url: '/api/me/passkeys' })).json().passkeys,
    ).toHaveLength(1);
  });

  it('refuses a cloned key whose counter goes back', async () => {
    const m = await member();
    const phone = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(m.browser, phone);
    const copy = phone.clone(credentialId);
    for (let i = 0; i < 3; i++) {
      const b = fresh();
      expect(
        (await passkeySignIn(b, phone.get(credentialId, await signInOptions(b)))).statusCode,
      ).toBe(200);
    }
    // The copy was taken at counter 0: its next answer says 1, behind the 3 the tracker holds.
    const b = fresh();
    await expectRefused(await passkeySignIn(b, copy.get(credentialId, await signInOptions(b))));
    // The same count again is refused as well.
    const c = fresh();
    const options = await signInOptions(c);
    await expectRefused(await passkeySignIn(c, phone.get(credentialId, options, { counter: 3 })));
  });

  it('lists, renames and removes only the member’s own keys; a removed key is refused; audited', async () => {
    const m = await member();
    const other = await member();
    const phone = softAuthenticator(ORIGIN);
    const { credentialId, passkey } = await addPasskey(m.browser, phone);
    expect(passkey.name).toBe('Passkey 1');
    const renamed = await m.browser.send({
      method: 'PUT',
      url: `/api/me/passkeys/${passkey.id}`,
      payload: { name: '  Work laptop ' },
    });
    expect(renamed.json().name).toBe('Work laptop');
    const badName = await m.browser.send({
      method: 'PUT',
      url: `/api/me/passkeys/${passkey.id}`,
      payload: { name: 'x'.repeat(61) },
    });
    expect(badName.statusCode).toBe(400);
    // Another member can neither see, rename nor remove it.
    expect((await other.browser.send({ method: 'GET', url: '/api/me/passkeys' })).json()).toEqual({
      passkeys: [],
    });
    for (const request of [
      { method: 'PUT', url: `/api/me/passkeys/${passkey.id}`, payload: { name: 'Mine' } },
      { method: 'DELETE', url: `/api/me/passkeys/${passkey.id}` },
    ] as const) {
      expect((await other.browser.send(request)).statusCode).toBe(404);
    }
    const removed = await m.browser.send({
      method: 'DELETE',
      url: `/api/me/passkeys/${passkey.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const b = fresh();
    await expectRefused(await passkeySignIn(b, phone.get(credentialId, await signInOptions(b))));
    const lines = await auditOf(m.id);
    expect(lines.map((l) => [l.operatorId, l.action, l.before, l.after])).toEqual([
      [m.id, 'passkey.registered', null, { passkey: passkey.id, name: 'Passkey 1' }],
      [m.id, 'passkey.removed', { passkey: passkey.id, name: 'Work laptop' }, null],
    ]);
  });

  it('answers signed-out 401 and refuses bad input with 400', async () => {
    for (const request of [
      { method: 'GET', url: '/api/me/passkeys' },
      { method: 'POST', url: '/api/me/passkeys/options' },
      { method: 'DELETE', url: '/api/me/passkeys/1' },
      { method: 'POST', url: '/api/session/second-factor/passkey/options' },
    ] as const) {
      expect((await fresh().send(request)).statusCode).toBe(401);
    }
    const b = fresh();
    await signInOptions(b);
    for (const credential of [
      'nonsense',
      { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!' } },
    ]) {
      const answer = await passkeySignIn(b, credential);
      expect([400, 401]).toContain(answer.statusCode);
    }
  });

  it(`gives one client ${PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR} sign-in challenges an hour; the next is 429 with Retry-After and stores nothing`, async () => {
    const b = fresh();
    for (let i = 0; i < PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR; i += 1) {
      const asked = await b.send({ method: 'POST', url: '/api/session/passkey/options' });
      expect(asked.statusCode).toBe(200);
    }
    const stored = async () =>
      (await front.tracker.app.database.db.select().from(passkeyChallenges)).length;
    const before = await stored();
    const refused = await b.send({ method: 'POST', url: '/api/session/passkey/options' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await stored()).toBe(before);
    // Another client is not held back by this one.
    await signInOptions(fresh());
  });

  it('deleting the account removes its passkeys', async () => {
    const m = await member();
    const phone = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(m.browser, phone);
    const deleted = await m.browser.send({
      method: 'POST',
      url: '/api/me/deletion',
      payload: { password: m.password },
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await front.tracker.app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, m.id));
    expect(rows).toEqual([]);
    const b = fresh();
    await expectRefused(await passkeySignIn(b, phone.get(credentialId, await signInOptions(b))));
  });
});

describe('operators’ passkeys', () => {
  it('are added on the console with the password again, mailed, and sign in alone', async () => {
    const op = await operator(front.tracker, front.door, now);
    const key = softAuthenticator(ORIGIN);
    // Not from the members' routes, nor without the password.
    const asMember = await op.browser.send({ method: 'POST', url: '/api/me/passkeys/options' });
    expect(asMember.statusCode).toBe(409);
    expect(asMember.json().code).toBe('OPERATOR_PASSKEYS_IN_CONSOLE');
    const wrong = await op.browser.send({
      method: 'POST',
      url: '/api/console/passkeys/options',
      payload: { password: 'not it' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const { credentialId, passkey } = await addPasskey(op.browser, key, {
      base: '/api/console',
      password: op.password,
      name: 'Security key',
    });
    const [mail] = await mailsTo(op.email, 'passkey-added');
    expect(mail?.subject).toBe('A passkey was added to your operator account');
    expect(mail?.bodyText).toContain('“Security key”');

    // Signed in with the passkey alone: the console opens.
    const b = fresh();
    const answered = await passkeySignIn(b, key.get(credentialId, await signInOptions(b)));
    expect(answered.json()).toMatchObject({
      member: { id: op.id, role: 'operator' },
      secondFactor: 'passed',
    });
    expect((await b.send({ method: 'GET', url: '/api/console/operators' })).statusCode).toBe(200);

    // Or as the second factor after the password, where the recovery codes keep working too.
    const c = fresh();
    expect((await c.signIn(op.email, op.password)).json().secondFactor).toBe('required');
    const asked = await c.send({
      method: 'POST',
      url: '/api/session/second-factor/passkey/options',
    });
    expect(asked.json().options.allowCredentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const second = await c.send({
      method: 'POST',
      url: '/api/session/second-factor/passkey',
      payload: { credential: key.get(credentialId, asked.json().options) },
    });
    expect(second.json().secondFactor).toBe('passed');
    expect((await c.send({ method: 'GET', url: '/api/console/operators' })).statusCode).toBe(200);
    const d = fresh();
    await d.signIn(op.email, op.password);
    expect((await d.code(op.recoveryCodes[0] ?? '')).statusCode).toBe(200);

    const removed = await op.browser.send({
      method: 'DELETE',
      url: `/api/console/passkeys/${passkey.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await mailsTo(op.email, 'passkey-removed')).toHaveLength(1);
    const e = fresh();
    await expectRefused(await passkeySignIn(e, key.get(credentialId, await signInOptions(e))));
    const lines = (await auditOf(op.id)).filter((l) => l.action.startsWith('passkey.'));
    expect(lines.map((l) => l.action)).toEqual(['passkey.registered', 'passkey.removed']);
  });

  it('refuses another account’s key as an operator’s second factor', async () => {
    const op = await operator(front.tracker, front.door, now);
    const other = await operator(front.tracker, front.door, now);
    const otherKey = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(other.browser, otherKey, {
      base: '/api/console',
      password: other.password,
    });
    const b = fresh();
    await b.signIn(op.email, op.password);
    const asked = await b.send({
      method: 'POST',
      url: '/api/session/second-factor/passkey/options',
    });
    const answer = await b.send({
      method: 'POST',
      url: '/api/session/second-factor/passkey',
      payload: { credential: otherKey.get(credentialId, asked.json().options) },
    });
    await expectRefused(answer);
    expect((await b.send({ method: 'GET', url: '/api/console/operators' })).statusCode).toBe(403);
  });

  it('another operator’s reset removes the passkeys; the console routes are operators’ only', async () => {
    const op = await operator(front.tracker, front.door, now);
    const other = await operator(front.tracker, front.door, now);
    const key = softAuthenticator(ORIGIN);
    const { credentialId } = await addPasskey(op.browser, key, {
      base: '/api/console',
      password: op.password,
    });
    const reset = await other.browser.send({
      method: 'DELETE',
      url: `/api/console/operators/${op.id}/second-factor`,
    });
    expect(reset.statusCode).toBe(204);
    const b = fresh();
    await expectRefused(await passkeySignIn(b, key.get(credentialId, await signInOptions(b))));
    const [mail] = await mailsTo(op.email, 'second-factor-reset');
    expect(mail?.bodyText).toContain('removed your passkeys');

    await expectOperatorsOnly(front.tracker, front.door, now, [
      { method: 'GET', url: '/api/console/passkeys' },
      { method: 'POST', url: '/api/console/passkeys/options', payload: { password: 'x' } },
      { method: 'DELETE', url: '/api/console/passkeys/1' },
    ]);
  });
});

describe('a deployment that sets PASSKEY_CHALLENGES_MAX', () => {
  const limited = useTestFrontDoor({ now: clock.now, env: { PASSKEY_CHALLENGES_MAX: '3' } });

  it('gives one client that many sign-in challenges an hour; the next is 429', async () => {
    const b = browser(limited.door, { address: '10.9.0.1' });
    const ask = () => b.send({ method: 'POST', url: '/api/session/passkey/options' });
    for (let i = 0; i < 3; i += 1) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
