import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventLoopLagSampler } from '../src/event-loop-lag.ts';
import { buildTestSite, JSON_HEADERS, STUB_API_KEY, startStubUpstream } from './helper.ts';

/** Holds this process's event loop for `ms`, as a burst of work on the site's thread would. */
function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OVERLOADED = {
  message: 'The site is busy right now. Please try again in a moment.',
  code: 'OVERLOADED',
};

const SIGN_UP = {
  method: 'POST' as const,
  url: '/api/users',
  headers: JSON_HEADERS,
  payload: { email: 'a@example.com', password: 'long enough pass', name: 'A', teamId: '1' },
};

/** A site over a stub tracker that answers at once, shedding from a lag of `thresholdMs`. */
async function siteUnderTest(thresholdMs: number) {
  const upstream = await startStubUpstream((stub) => {
    stub.get('/teams', async () => [{ id: 1, name: 'Alpha', openSeats: 3, members: [] }]);
    stub.post('/feedback', async (_request, reply) => reply.code(201).send({ message: 'ok' }));
  });
  const site = await buildTestSite({
    tracker: { url: upstream.url, apiKey: STUB_API_KEY },
    env: { LOAD_SHED_EVENT_LOOP_DELAY_MS: String(thresholdMs), PROXY_CACHE_MS: '60000' },
  });
  await site.ready();
  return {
    site,
    async close() {
      await site.close();
      await upstream.close();
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('load shedding', () => {
  it('sheds nothing for a 300 ms stall right after a sample', async () => {
    // Each time the lag is sampled, the loop is held for 300 ms in the very next turn: the
    // histogram's reading of that stall lands after the sampler has run, so the window after the
    // sample holds no reading (the case @fastify/under-pressure 9.2 counts as an endless delay).
    let stallsLeft = 0;
    const sample = EventLoopLagSampler.prototype.sample;
    vi.spyOn(EventLoopLagSampler.prototype, 'sample').mockImplementation(function (
      this: EventLoopLagSampler,
    ) {
      const lag = sample.call(this);
      if (stallsLeft > 0) {
        stallsLeft -= 1;
        setImmediate(() => stall(300));
      }
      return lag;
    });
    // As the site runs by default: sampled every 250 ms, sign-ups shed from a lag of 500 ms.
    const { site, close } = await siteUnderTest(1000);
    try {
      // Past the start-up's own work.
      await vi.waitFor(
        async () => {
          expect((await site.inject(SIGN_UP)).statusCode).not.toBe(503);
        },
        { timeout: 5_000, interval: 50 },
      );
      const statuses: number[] = [];
      for (let trial = 0; trial < 6; trial += 1) {
        stallsLeft = 1;
        // Asked while the stall is measured and in the windows after it.
        for (let i = 0; i < 8; i += 1) {
          statuses.push((await site.inject(SIGN_UP)).statusCode);
          await pause(60);
        }
        expect(stallsLeft).toBe(0);
        await pause(150);
      }
      expect(statuses.filter((status) => status === 503)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('sheds sign-ups and uncached tracker calls, never assets, pages, cached reads or health, while the lag is sustained', async () => {
    const { site, close } = await siteUnderTest(100);
    // Kept by the read cache before the lag begins.
    expect((await site.inject({ method: 'GET', url: '/api/proxy/teams' })).statusCode).toBe(200);
    // The loop lags 250 ms at every turn until stopped.
    const busy = setInterval(() => stall(250), 1);
    const cheap: { url: string; status: number }[] = [];
    try {
      await vi.waitFor(
        async () => {
          // What is cheap is served all along; what costs is refused once the lag is sustained.
          for (const url of [
            '/assets/index-Bx7kQ2ab.js',
            '/pricing',
            '/',
            '/api/proxy/teams',
            '/api/openapi.json',
            '/health/live',
          ]) {
            cheap.push({ url, status: (await site.inject({ method: 'GET', url })).statusCode });
          }
          const signUp = await site.inject(SIGN_UP);
          const feedback = await site.inject({
            method: 'POST',
            url: '/api/feedback',
            headers: JSON_HEADERS,
            payload: { name: 'A', email: 'a@example.com', feedback: 'Hi', category: 'work' },
          });
          expect([signUp.statusCode, feedback.statusCode]).toEqual([503, 503]);
          expect(signUp.headers['retry-after']).toBe('2');
          expect(signUp.json()).toEqual(OVERLOADED);
        },
        { timeout: 10_000, interval: 10 },
      );
    } finally {
      clearInterval(busy);
    }
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.filter(({ status }) => status !== 200)).toEqual([]);
    try {
      // Once the loop is free again, sign-ups are taken.
      await vi.waitFor(
        async () => {
          expect((await site.inject(SIGN_UP)).statusCode).not.toBe(503);
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await close();
    }
  });
});
