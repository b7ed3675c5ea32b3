import { NotReady } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestSite, STUB_API_KEY, startStubUpstream } from './helper.ts';

describe('health for a load balancer', () => {
  it('is ready while its tracker answers and 503 once it does not; live stays 200', async () => {
    const upstream = await startStubUpstream((stub) => {
      stub.get('/health/live', async () => ({ status: 'live' }));
    });
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: STUB_API_KEY } });
    try {
      const ready = await site.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(ready.headers['cache-control']).toBe('no-store');

      await upstream.close();
      const notReady = await site.inject({ url: '/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.headers['retry-after']).toBe('5');
      expect(NotReady.parse(notReady.json()).reason).toBe('tracker-unreachable');
      const live = await site.inject({ url: '/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'live' });
    } finally {
      await site.close();
    }
  });

  it('is 503 when its tracker answers with an error', async () => {
    const upstream = await startStubUpstream((stub) => {
      stub.get('/health/live', async (_request, reply) => reply.code(500).send({}));
    });
    const site = await buildTestSite({ tracker: { url: upstream.url, apiKey: STUB_API_KEY } });
    try {
      const answer = await site.inject({ url: '/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ reason: 'tracker-unreachable' });
    } finally {
      await site.close();
      await upstream.close();
    }
  });
});
