import { createTestDatabase } from '@app/tracker';
import { describe, expect, it, vi } from 'vitest';
import { startSite } from '../src/start.ts';
import { embeddedEnv, signup } from './helper.ts';

/** The value of one series in Prometheus' text format (undefined when it is not there). */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) {
      return Number(match[4]);
    }
  }
  return undefined;
}

/** The sum of every series of `name` (all label values). */
function total(text: string, name: string) {
  const lines = text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
  return lines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Holds this thread's event loop for `ms`, as a burst of work on the site's thread would. */
function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const read = async (url: string | null | undefined) => {
  if (!url) throw new Error('no metrics listener');
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
};

describe('metrics of the site and its embedded tracker', { timeout: 120_000 }, () => {
  it('count a sign-up, a shed request, cached reads and the outbox pass, each on its own port', async () => {
    const database = await createTestDatabase();
    const site = await startSite(
      embeddedEnv(database, {
        METRICS_PORT: '0',
        TRACKER_METRICS_PORT: '0',
        LOAD_SHED_EVENT_LOOP_DELAY_MS: '100',
        PROXY_CACHE_MS: '60000',
      }),
    );
    try {
      expect(site.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(site.tracker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(site.tracker.metricsUrl).not.toBe(site.metricsUrl);
      // Answers to this test, the shed ones counted: the start itself can hold the loop long
      // enough to shed the first requests.
      let shed = 0;
      const call = async (path: string, init?: RequestInit) => {
        const answer = await fetch(`${site.url}${path}`, init);
        if (answer.status === 503 && answer.headers.has('retry-after')) shed += 1;
        return answer;
      };
      const served = async (path: string, status: number, init?: RequestInit) =>
        vi.waitFor(
          async () => {
            const answer = await call(path, init);
            expect(answer.status).toBe(status);
            return answer;
          },
          { timeout: 10_000, interval: 50 },
        );
      // The public port has no metrics: /metrics there is the web app's (its not-found screen).
      const page = await served('/metrics', 200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).not.toContain('# TYPE');

      await served('/api/users', 201, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify(signup()),
      });
      await served('/api/proxy/teams', 200);
      await served('/api/proxy/teams', 200);
      const before = shed;
      // The loop lags 250 ms at every turn until stopped: sign-ups are shed (an empty one is
      // answered 400 when it is not, so no account is made here).
      const busy = setInterval(() => stall(250), 1);
      try {
        await vi.waitFor(
          async () => {
            const answer = await call('/api/users', {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: site.url },
              body: '{}',
            });
            expect(answer.status).toBe(503);
          },
          { timeout: 20_000, interval: 10 },
        );
      } finally {
        clearInterval(busy);
      }
      expect(shed).toBeGreaterThan(before);

      const own = await read(site.metricsUrl);
      expect(
        sample(own, 'http_request_duration_seconds_count', {
          route: '/api/users',
          method: 'POST',
          status_code: '201',
        }),
      ).toBe(1);
      expect(shed).toBeGreaterThan(0);
      expect(total(own, 'http_requests_shed_total')).toBe(shed);
      expect(sample(own, 'proxy_cache_reads_total', { result: 'miss' })).toBe(1);
      expect(sample(own, 'proxy_cache_reads_total', { result: 'hit' })).toBe(1);
      expect(sample(own, 'nodejs_eventloop_utilization')).toBeGreaterThan(0);
      expect(own).not.toContain('tracker_signups_total');

      await vi.waitFor(
        async () => {
          const tracker = await read(site.tracker.metricsUrl);
          expect(sample(tracker, 'tracker_signups_total')).toBe(1);
          expect(
            sample(tracker, 'http_request_duration_seconds_count', {
              route: '/users',
              method: 'POST',
              status_code: '201',
            }),
          ).toBe(1);
          // The confirmation mail went out in a pass of the outbox.
          expect(
            sample(tracker, 'tracker_schedule_runs_total', { schedule: 'outbox', outcome: 'ok' }),
          ).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await site.close({ drainMs: 0 });
      await database.cleanup();
    }
  });
});
