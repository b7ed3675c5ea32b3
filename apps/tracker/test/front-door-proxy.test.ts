import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontDoor } from '../src/front-door/app.ts';
import { browser } from './door.ts';
import { newUser, type TestTracker, testTracker } from './helpers.ts';

/**
 * Behind a load balancer every request reaches the front door from the balancer's address; with
 * TRUST_PROXY=1 its sign-in throttling counts the client's address from X-Forwarded-For instead,
 * so one person's wrong passwords do not hold up everyone else's sign-in.
 */
const FAILURES = { SIGN_IN_FAILURES_MAX: '3', SIGN_IN_FAILURE_WINDOW_SECONDS: '60' };

async function frontDoor(env: Record<string, string>) {
  const tracker = await testTracker({ env: { ...FAILURES, ...env } });
  return { tracker, door: await buildFrontDoor(tracker.app, tracker.app.log) };
}

async function signUp(tracker: TestTracker) {
  const user = newUser();
  expect((await tracker.call({ method: 'POST', url: '/users', payload: user })).statusCode).toBe(
    201,
  );
  return user;
}

/** Three wrong passwords from `from`, then the right one from `from` and from `other`. */
async function afterThreeFailures(door: FastifyInstance, tracker: TestTracker) {
  const user = await signUp(tracker);
  const from = { 'x-forwarded-for': '203.0.113.7' };
  const other = { 'x-forwarded-for': '198.51.100.20' };
  const signIn = (headers: Record<string, string>, password: string) =>
    browser(door).send({
      method: 'POST',
      url: '/api/session',
      headers,
      payload: { email: user.email, password },
    });
  for (let i = 0; i < 3; i += 1) expect((await signIn(from, `guess ${i}`)).statusCode).toBe(401);
  return {
    sameClient: (await signIn(from, user.password)).statusCode,
    otherClient: (await signIn(other, user.password)).statusCode,
  };
}

describe('the front door behind a proxy', () => {
  let trusted: Awaited<ReturnType<typeof frontDoor>>;
  let direct: Awaited<ReturnType<typeof frontDoor>>;
  beforeAll(async () => {
    [trusted, direct] = await Promise.all([frontDoor({ TRUST_PROXY: '1' }), frontDoor({})]);
  });
  afterAll(async () => {
    for (const { door, tracker } of [trusted, direct]) {
      await door?.close();
      await tracker?.close();
    }
  });

  it('with TRUST_PROXY=1, throttles the client named by X-Forwarded-For, not the proxy', async () => {
    expect(await afterThreeFailures(trusted.door, trusted.tracker)).toEqual({
      sameClient: 429,
      otherClient: 200,
    });
  });

  it('by default, ignores X-Forwarded-For: a client cannot pick an address to dodge the limit', async () => {
    expect(await afterThreeFailures(direct.door, direct.tracker)).toEqual({
      sameClient: 429,
      otherClient: 429,
    });
  });
});
