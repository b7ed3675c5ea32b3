import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestSite,
  JSON_HEADERS,
  multipart,
  PNG,
  sessionCookie,
  signup,
  startTestTracker,
  type TestTracker,
} from './helper.ts';

let tracker: TestTracker;
let site: FastifyInstance;

beforeAll(async () => {
  tracker = await startTestTracker();
  site = await buildTestSite({
    tracker,
    env: { RATE_LIMIT_SIGNUP_MAX: '1000', RATE_LIMIT_PROFILE_MAX: '2' },
  });
});

afterAll(async () => {
  await site?.close();
  await tracker?.close();
});

async function account() {
  const response = await site.inject({
    method: 'POST',
    url: '/api/users',
    headers: JSON_HEADERS,
    payload: JSON.stringify(signup()),
  });
  expect(response.statusCode).toBe(201);
  return { id: Number(response.json().user.id), cookie: sessionCookie(response) };
}

const savePhoto = (id: number, cookie: string) => {
  const form = multipart([
    { name: 'photoFile', value: PNG, filename: 'me.png', type: 'image/png' },
  ]);
  return site.inject({
    method: 'POST',
    url: `/api/users/${id}/profile`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
};

describe('profile saves', () => {
  it('are limited per account, not per address', async () => {
    const a = await account();
    const b = await account();
    expect((await savePhoto(a.id, a.cookie)).statusCode).toBe(200);
    expect((await savePhoto(a.id, a.cookie)).statusCode).toBe(200);
    const third = await savePhoto(a.id, a.cookie);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another account behind the same address is not held back by the first.
    expect((await savePhoto(b.id, b.cookie)).statusCode).toBe(200);
  });
});
