import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JSON_HEADERS, multipart, sessionCookie, signup, useTestSite } from './helper.ts';

const t = useTestSite({
  // One hash at a time and a short waiting line, so a burst of 30 overflows it.
  trackerEnv: { SIGNUP_CONCURRENCY: '1', SIGNUP_QUEUE_MAX: '4' },
  env: { RATE_LIMIT_SIGNUP_MAX: '1000', RATE_LIMIT_WRITE_MAX: '1000' },
});

const signUp = (payload: object, key: string) =>
  t.site.inject({
    method: 'POST',
    url: '/api/users',
    headers: { ...JSON_HEADERS, 'idempotency-key': key },
    payload: JSON.stringify(payload),
  });

/** The ids of the accounts with this address (the address is unique, so zero or one). */
async function accountsWith(email: string): Promise<number[]> {
  const user = await t.tracker.running.app.repos.users.findByEmail(email);
  return user ? [user.id] : [];
}

/** Takes the tracker's one hashing thread with a task that waits until released. */
async function occupyHashingThread() {
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const done = t.tracker.running.app.signups.hasher.threadPool.run(signal, {
    filename: new URL('./fixtures/hold-thread.mjs', import.meta.url).href,
  });
  // The task reports once it runs on the thread (index 1), so the burst finds it busy.
  await waitUntil(() => Atomics.load(signal, 1) === 1);
  const release = () => {
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  return { release, done };
}

async function waitUntil(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function saveProfile(id: number, cookie: string) {
  const form = multipart([{ name: 'aboutMe', value: 'Morning runs' }]);
  return t.site.inject({
    method: 'POST',
    url: `/api/users/${id}/profile`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
}

describe('a burst of sign-ups', () => {
  it('ends with every acknowledged account usable and nothing created that was refused', async () => {
    const people = Array.from({ length: 30 }, () => ({ payload: signup(), key: randomUUID() }));
    // The hashing thread is taken while the burst arrives, so the waiting line overflows.
    const { release, done: occupied } = await occupyHashingThread();
    let refused = 0;
    const burst = Promise.all(
      people.map(async (p) => {
        const answer = await signUp(p.payload, p.key);
        if (answer.statusCode === 503) refused += 1;
        return answer;
      }),
    );
    // Four wait for the slot; every other one is turned away at once.
    await waitUntil(() => refused === 26);
    release();
    await occupied;
    const answers: LightMyRequestResponse[] = await burst;
    const busyAtFirst = answers.filter((a) => a.statusCode === 503).length;

    // What the onboarding machine does: a 503 is tried again later with the same key.
    for (let round = 0; round < 50 && answers.some((a) => a.statusCode === 503); round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.all(
        answers.map(async (answer, i) => {
          const person = people[i];
          if (answer.statusCode !== 503 || !person) return;
          expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          answers[i] = await signUp(person.payload, person.key);
        }),
      );
    }

    for (const [i, answer] of answers.entries()) {
      const person = people[i];
      if (!person) continue;
      const accounts = await accountsWith(person.payload.email);
      if (answer.statusCode !== 201) {
        // Told it failed: then nothing exists.
        expect(accounts).toEqual([]);
        continue;
      }
      const id = Number(answer.json().user.id);
      expect(accounts).toEqual([id]);
      expect((await saveProfile(id, sessionCookie(answer))).statusCode).toBe(200);
    }
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 201));
    // The waiting line really did overflow, so the retries above were exercised.
    expect(busyAtFirst).toBe(26);
  });

  it('gives a retry the first answer with a session cookie for the same account', async () => {
    const payload = signup();
    const key = randomUUID();
    const first = await signUp(payload, key);
    expect(first.statusCode).toBe(201);
    const retry = await signUp(payload, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const id = Number(retry.json().user.id);
    expect((await saveProfile(id, sessionCookie(retry))).statusCode).toBe(200);
    expect(await accountsWith(payload.email)).toEqual([id]);
  });

  it('refuses a malformed idempotency key with 400 and creates nothing', async () => {
    const payload = signup();
    const response = await signUp(payload, 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await accountsWith(payload.email)).toEqual([]);
  });
});
