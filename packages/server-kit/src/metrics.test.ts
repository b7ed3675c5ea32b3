import { describe, expect, it } from 'vitest';
import { createMetrics, serveMetrics } from './metrics.ts';

describe('createMetrics', () => {
  it("gives each server its own HTTP series and every server the thread's own figures", async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.requestsShed.inc({ route: '/api/users' });
    const [first, second] = await Promise.all([one.registry.metrics(), two.registry.metrics()]);
    expect(first).toContain('http_requests_shed_total{route="/api/users"} 1');
    expect(second).not.toContain('route="/api/users"');
    for (const text of [first, second]) {
      expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
      expect(text).toContain('# TYPE nodejs_eventloop_utilization gauge');
    }
    // One set of the thread's collectors, shared, not one per server.
    const lag = (metrics: typeof one) =>
      metrics.registry.getSingleMetric('nodejs_eventloop_lag_p99_seconds');
    expect(lag(one)).toBe(lag(two));
  });

  it('serves GET /metrics on its listener and nothing else', async () => {
    const { registry } = createMetrics();
    const listener = await serveMetrics(registry, { host: '127.0.0.1', port: 0 });
    try {
      const answer = await fetch(listener.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(registry.contentType);
      expect(await answer.text()).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(new URL('/', listener.url))).status).toBe(404);
      expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
