import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSite, JSON_HEADERS, STUB_API_KEY, signup, startStubUpstream } from './helper.ts';

describe('proxy to an upstream that misbehaves', () => {
  const seen: { url: string; headers: Record<string, unknown> }[] = [];
  let upstream: Awaited<ReturnType<typeof startStubUpstream>>;

  beforeAll(async () => {
    upstream = await startStubUpstream((stub) => {
      stub.get('/teams', async (request) => {
        seen.push({ url: request.url, headers: request.headers });
        return [];
      });
      stub.get('/focus-areas', () => new Promise(() => {}));
      stub.get('/bookings/next-available-date', () => new Promise(() => {}));
      // Slower than any time limit the site sets, then successful, as a busy tracker can be.
      stub.post('/users', async (request, reply) => {
        seen.push({ url: request.url, headers: request.headers });
        await new Promise((resolve) => setTimeout(resolve, 400));
        return reply.code(201).send({ user: { id: 41 }, joinRequestSuccess: true });
      });
      stub.post('/onboarding', async (_request, reply) =>
        reply.code(503).header('retry-after', '3').send({
          message: 'Many people are signing up right now. Please try again in a few seconds.',
          code: 'SIGNUP_BUSY',
        }),
      );
    });
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('adds the key and drops the browser cookies and query', async () => {
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: STUB_API_KEY } });
    const response = await site.inject({
      url: '/api/proxy/teams?x=1',
      headers: { cookie: 'ap_session=abc', authorization: 'Bearer zzz' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(seen.at(-1)?.url).toBe('/teams');
    expect(seen.at(-1)?.headers['x-api-key']).toBe(STUB_API_KEY);
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
    await site.close();
  });

  it('passes on "busy, try again later" with its Retry-After', async () => {
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: STUB_API_KEY } });
    const response = await site.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ category: 'work', focusArea: 'Employee' }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toMatchObject({ code: 'SIGNUP_BUSY' });
    await site.close();
  });

  it('answers 504 to a read the tracker is too slow for, and waits for a sign-up', async () => {
    const site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { TRACKER_TIMEOUT_MS: '150' },
    });
    const response = await site.inject({ url: '/api/proxy/focus-areas' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'TRACKER_TIMEOUT' });
    // The same for a call the site makes itself.
    const call = await site.inject({ url: '/api/booking/next-available-date' });
    expect(call.statusCode).toBe(504);
    expect(call.json()).toMatchObject({ code: 'TRACKER_TIMEOUT' });
    // A sign-up is not cut off: the tracker may be creating the account as we wait.
    const write = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...JSON_HEADERS, 'idempotency-key': 'k-0123456789abcdef' },
      payload: JSON.stringify(signup()),
    });
    expect(write.statusCode).toBe(201);
    expect(write.json()).toMatchObject({ user: { id: 41 } });
    expect(write.headers['set-cookie']).toEqual(expect.stringContaining('ap_session='));
    expect(seen.at(-1)?.headers['idempotency-key']).toBe('k-0123456789abcdef');
    await site.close();
  });

  it('keeps the path of a tracker mounted under one', async () => {
    const mounted = await startStubUpstream((stub) => {
      stub.get('/tracker/teams', async () => [{ id: 7 }]);
      stub.get('/tracker/bookings/next-available-date', async () => ({
        date: '2030-01-07T20:00:00.000Z',
      }));
    });
    const site = await buildTestSite({
      tracker: { url: `${mounted.url}/tracker`, apiKey: STUB_API_KEY },
    });
    expect((await site.inject({ url: '/api/proxy/teams' })).json()).toEqual([{ id: 7 }]);
    expect((await site.inject({ url: '/api/booking/next-available-date' })).json()).toEqual({
      date: '2030-01-07T20:00:00.000Z',
    });
    await site.close();
    await mounted.close();
  });

  it('answers 502 with a clear JSON error when the tracker is down', async () => {
    const down = await startStubUpstream(() => {});
    await down.close();
    const site = await buildTestSite({ tracker: { url: down.url, apiKey: STUB_API_KEY } });
    for (const url of ['/api/proxy/teams', '/api/booking/next-available-date']) {
      const response = await site.inject({ url });
      expect(response.statusCode, url).toBe(502);
      expect(response.json()).toMatchObject({ code: 'TRACKER_UNAVAILABLE' });
      expect(response.body).not.toContain(STUB_API_KEY);
    }
    await site.close();
  });
});
