import { describe, expect, it, vi } from 'vitest';
import { buildTestSite, STUB_API_KEY, startStubUpstream } from './helper.ts';

/** Holds this process's event loop for `ms`, as a burst of work on the site's thread would. */
function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('load shedding', () => {
  it('answers 503 OVERLOADED with Retry-After at once while the event loop lags, health still answers, and serves again after', async () => {
    const upstream = await startStubUpstream(() => {});
    const site = await buildTestSite({
      tracker: { url: upstream.url, apiKey: STUB_API_KEY },
      env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: '100' },
    });
    try {
      await site.ready();
      expect((await site.inject({ method: 'GET', url: '/pricing' })).statusCode).toBe(200);
      // A stall of 300 ms, then a moment for the overdue sampler (every 50 ms) to read it: the next
      // request is shed. Repeated, since a busy machine may stretch the sampling itself.
      await vi.waitFor(
        async () => {
          stall(300);
          await new Promise((resolve) => setTimeout(resolve, 5));
          const shed = await site.inject({ method: 'GET', url: '/pricing' });
          expect(shed.statusCode).toBe(503);
          expect(shed.headers['retry-after']).toBe('2');
          expect(shed.json()).toEqual({
            message: 'The site is busy right now. Please try again in a moment.',
            code: 'OVERLOADED',
          });
          const live = await site.inject({ method: 'GET', url: '/health/live' });
          expect(live.statusCode).toBe(200);
        },
        { timeout: 5_000, interval: 10 },
      );
      // Once the loop is free again, requests are served.
      await vi.waitFor(
        async () => {
          expect((await site.inject({ method: 'GET', url: '/pricing' })).statusCode).toBe(200);
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await site.close();
      await upstream.close();
    }
  });
});
