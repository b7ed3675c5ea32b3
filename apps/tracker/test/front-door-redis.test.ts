import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontDoor } from '../src/front-door/app.ts';
import { newUser, type TestTracker, testTracker } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});

let t: TestTracker;
beforeAll(async () => {
  if (!redisUp) return;
  t = await testTracker({ env: { REDIS_URL, SIGN_IN_FAILURES_MAX: '2' } });
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(redisUp)('sign-in failures with two front doors', () => {
  it('are counted in Redis, so a guesser gains nothing by switching trackers', async () => {
    const user = newUser();
    expect((await t.call({ method: 'POST', url: '/users', payload: user })).statusCode).toBe(201);
    const first = await buildFrontDoor(t.app, t.app.log);
    const second = await buildFrontDoor(t.app, t.app.log);
    // An address of its own, so counters left in Redis by earlier runs do not interfere.
    const remoteAddress = `10.${process.pid % 250}.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
    const signIn = (door: typeof first, password: string) =>
      door.inject({
        method: 'POST',
        url: '/api/session',
        headers: { origin: 'http://localhost:3001' },
        payload: { email: user.email, password },
        remoteAddress,
      });
    try {
      expect((await signIn(first, 'guess 1')).statusCode).toBe(401);
      expect((await signIn(second, 'guess 2')).statusCode).toBe(401);
      expect((await signIn(first, user.password)).statusCode).toBe(429);
      expect((await signIn(second, user.password)).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
