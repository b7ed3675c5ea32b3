import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSite, JSON_HEADERS, signup, startStubUpstream } from './helper.ts';

const API_KEY = 'acp_stubstubstubstubstubstub';

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
      stub.post('/users', () => new Promise(() => {}));
    });
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('adds the key and drops the browser cookies and query', async () => {
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: API_KEY } });
    const response = await site.inject({
      url: '/api/proxy/teams?x=1',
      headers: { cookie: 'ap_session=abc', authorization: 'Bearer zzz' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(seen.at(-1)?.url).toBe('/teams');
    expect(seen.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
    await site.close();
  });

  it('answers 504 with a clear JSON error when the tracker is too slow', async () => {
    const site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: API_KEY },
      env: { TRACKER_TIMEOUT_MS: '150' },
    });
    const response = await site.inject({ url: '/api/proxy/focus-areas' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'TRACKER_TIMEOUT' });
    const write = await site.inject({
      method: 'POST',
      url: '/api/users',
      headers: JSON_HEADERS,
      payload: JSON.stringify(signup()),
    });
    expect(write.statusCode).toBe(504);
    expect(write.json()).toMatchObject({ code: 'TRACKER_TIMEOUT', message: expect.any(String) });
    expect(write.headers['set-cookie']).toBeUndefined();
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
      tracker: { url: `${mounted.url}/tracker`, apiKey: API_KEY },
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
    const site = await buildTestSite({ tracker: { url: down.url, apiKey: API_KEY } });
    for (const url of ['/api/proxy/teams', '/api/booking/next-available-date']) {
      const response = await site.inject({ url });
      expect(response.statusCode, url).toBe(502);
      expect(response.json()).toMatchObject({ code: 'TRACKER_UNAVAILABLE' });
      expect(response.body).not.toContain(API_KEY);
    }
    await site.close();
  });
});
