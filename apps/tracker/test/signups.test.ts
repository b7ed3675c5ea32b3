import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestTracker, testTracker } from './helpers.ts';

let t: TestTracker;
let busy: TestTracker;
beforeAll(async () => {
  // Both at the product's own hashing cost (no `passwordCost`), where the other suites hash at
  // the cheapest one.
  const productCost = { passwordCost: undefined };
  [t, busy] = await Promise.all([
    testTracker(productCost),
    // One hash at a time and nobody waiting: a second concurrent sign-up is refused.
    testTracker({ ...productCost, env: { SIGNUP_CONCURRENCY: '1', SIGNUP_QUEUE_MAX: '0' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), busy?.close()]);
});

const signUp = (tracker: TestTracker, payload: object, key?: string) =>
  tracker.call({
    method: 'POST',
    url: '/users',
    payload,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function countUsers(tracker: TestTracker, email: string) {
  return (await tracker.app.repos.users.findByEmail(email)) ? 1 : 0;
}

describe('sign-up with an idempotency key', () => {
  it('answers a retry with the first answer and creates one account', async () => {
    const body = newUser();
    const key = randomUUID();
    const first = await signUp(t, body, key);
    expect(first.statusCode).toBe(201);
    const again = await signUp(t, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countUsers(t, body.email)).toBe(1);
    // Without the key the same details are a second sign-up, refused as such.
    expect((await signUp(t, body)).statusCode).toBe(409);
  });

  it('gives concurrent requests with one key one account and one answer', async () => {
    const body = newUser();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => signUp(t, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().user.id));
    expect(ids.size).toBe(1);
    expect(await countUsers(t, body.email)).toBe(1);
  });

  it('refuses a key sent again with other details', async () => {
    const key = randomUUID();
    expect((await signUp(t, newUser(), key)).statusCode).toBe(201);
    const other = await signUp(t, newUser(), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses a malformed key before doing anything', async () => {
    const body = newUser();
    const res = await signUp(t, body, 'short');
    expect(res.statusCode).toBe(400);
    expect(await countUsers(t, body.email)).toBe(0);
  });

  it('lets a new key after a refused sign-up try again', async () => {
    const taken = newUser();
    expect((await signUp(t, taken, randomUUID())).statusCode).toBe(201);
    const key = randomUUID();
    expect((await signUp(t, taken, key)).statusCode).toBe(409);
    // A refusal is not stored: the same key with a free address goes through.
    expect((await signUp(t, { ...taken, email: `free-${taken.email}` }, key)).statusCode).toBe(201);
  });
});

describe('sign-up under load', () => {
  it('answers 503 with Retry-After when the queue is full, and writes nothing for it', async () => {
    const bodies = Array.from({ length: 6 }, () => newUser());
    const answers = await Promise.all(bodies.map((b) => signUp(busy, b, randomUUID())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    for (const [i, answer] of answers.entries()) {
      const body = bodies[i];
      if (!body) continue;
      expect([201, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(answer.json()).toMatchObject({ code: 'SIGNUP_BUSY' });
      }
      expect(await countUsers(busy, body.email)).toBe(answer.statusCode === 201 ? 1 : 0);
    }
  });

  it('answers a taken address no sooner than a sign-up typically takes', async () => {
    const body = newUser();
    expect((await signUp(t, body)).statusCode).toBe(201);
    const { typical } = t.app.signups;
    // Pretend sign-ups take 400 ms: the refusal waits as long instead of answering at once.
    for (let i = 0; i < 50; i++) typical.record(400);
    const started = performance.now();
    const again = await signUp(t, { ...body, password: 'another password' });
    const took = performance.now() - started;
    for (let i = 0; i < 50; i++) typical.record(20);
    expect(again.statusCode).toBe(409);
    expect(took).toBeGreaterThanOrEqual(380);
  });
});

describe('sign-in', () => {
  it('accepts the right password only, with one answer for a wrong one and an unknown address', async () => {
    const body = newUser();
    const created = (await signUp(t, body)).json();
    const ok = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: body.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ user: { id: created.user.id } });
    const wrong = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: 'not it at all' },
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: `nobody-${body.email}`, password: body.password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("hashes at OWASP's argon2id minimum (m=19456, t=2, p=1) and raises a cheaper hash to it at the next sign-in", async () => {
    const body = newUser();
    const id = (await signUp(t, body)).json().user.id as number;
    const stored = async () => (await t.app.repos.users.get(id))?.passwordHash;
    const owasp = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
    expect(await stored()).toMatch(owasp);

    // A hash made at the cheapest cost (the other suites' own), as by an older tracker.
    const cheap = await testTracker();
    const cheapHash = await cheap.app.signups.passwords.hash(body.password);
    await cheap.close();
    expect(cheapHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const { db } = t.app.database;
    await db.execute(sql`UPDATE users SET password_hash = ${cheapHash} WHERE id = ${id}`);
    const ok = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: body.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toMatch(owasp);
  });

  it('replaces an scrypt hash with argon2id on the first successful sign-in', async () => {
    const body = newUser();
    const id = (await signUp(t, body)).json().user.id as number;
    const salt = randomBytes(16);
    const key = scryptSync(body.password, salt, 32, { N: 1024, r: 8, p: 1 });
    const legacy = `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    const { db } = t.app.database;
    await db.execute(sql`UPDATE users SET password_hash = ${legacy} WHERE id = ${id}`);
    const stored = async () => (await t.app.repos.users.get(id))?.passwordHash;

    const wrong = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await stored()).toBe(legacy);

    const ok = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: body.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const after = await t.call({
      method: 'POST',
      url: '/sign-ins',
      payload: { email: body.email, password: body.password },
    });
    expect(after.statusCode).toBe(200);
  });
});
