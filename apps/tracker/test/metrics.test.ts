import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../src/testing.ts';
import { startTracker } from '../src/tracker.ts';
import { API_KEY, newUser, type TestTracker, testTracker } from './helpers.ts';

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

let t: TestTracker;
beforeAll(async () => {
  // One hash at a time at the product's cost and nobody waiting: concurrent sign-ups are shed.
  t = await testTracker({
    passwordCost: undefined,
    env: { SIGNUP_CONCURRENCY: '1', SIGNUP_QUEUE_MAX: '0' },
  });
});
afterAll(async () => {
  await t?.close();
});

const scrape = () => t.app.metrics.registry.metrics();

describe("the tracker's metrics", () => {
  it('count sign-ups, shed sign-ups, approvals and schedule runs, with the HTTP answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call({
          method: 'POST',
          url: '/users',
          payload: newUser(),
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 201);
    const shed = answers.filter((a) => a.statusCode === 503);
    expect(made.length + shed.length).toBe(6);
    expect(shed.length).toBeGreaterThan(0);
    expect(made.length).toBeGreaterThan(0);

    const list = await t.call({ method: 'GET', url: '/join-requests?status=pending' });
    const id = made[0]?.json().user.id;
    const request = list
      .json()
      .joinRequests.find((r: { user: { id: number } }) => r.user.id === id);
    expect(
      (await t.call({ method: 'POST', url: `/join-requests/${request.id}/approve` })).statusCode,
    ).toBe(200);
    await t.app.reminders.run();

    const text = await scrape();
    expect(sample(text, 'tracker_signups_total')).toBe(made.length);
    expect(sample(text, 'http_requests_shed_total', { route: '/users' })).toBe(shed.length);
    expect(sample(text, 'tracker_join_request_approvals_total')).toBe(1);
    const users = { route: '/users', method: 'POST' };
    expect(
      sample(text, 'http_request_duration_seconds_count', { ...users, status_code: '201' }),
    ).toBe(made.length);
    expect(
      sample(text, 'http_request_duration_seconds_count', { ...users, status_code: '503' }),
    ).toBe(shed.length);
    for (const schedule of ['reminders', 'quiet-members', 'recaps', 'digests']) {
      expect(sample(text, 'tracker_schedule_runs_total', { schedule, outcome: 'ok' })).toBe(1);
      const ended = sample(text, 'tracker_schedule_last_run_timestamp_seconds', { schedule });
      expect(ended).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(sample(text, 'tracker_schedule_duration_seconds_count', { schedule })).toBe(1);
    }
    // The confirmation mails went through the outbox's own pass.
    expect(
      sample(text, 'tracker_schedule_runs_total', { schedule: 'outbox', outcome: 'ok' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'tracker_outbox_unsent')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tracker_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tracker_password_hash_queue')).toBe(0);
    expect(sample(text, 'tracker_active_members')).toBeGreaterThan(0);
    const free = sample(text, 'tracker_data_dir_free_bytes') ?? 0;
    expect(free).toBeGreaterThan(0);
    expect(sample(text, 'tracker_data_dir_size_bytes')).toBeGreaterThanOrEqual(free);
    expect(sample(text, 'nodejs_eventloop_utilization')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (t.app.database.kind === 'postgres') {
      expect(sample(text, 'tracker_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('counts the active members from the database and a 404 under one route', async () => {
    const before = sample(await scrape(), 'tracker_active_members') ?? -1;
    expect((await t.call({ method: 'GET', url: `/no-such-${randomUUID()}` })).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, 'tracker_active_members')).toBe(before);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status_code: '404',
      }),
    ).toBe(1);
  });
});

describe('the metrics listener', () => {
  it('serves GET /metrics on its own loopback port only, not on the API', async () => {
    const db = await createTestDatabase();
    const tracker = await startTracker({
      dataDir: db.dataDir,
      databaseUrl: db.databaseUrl,
      apiKey: API_KEY,
      env: {},
      reminderCheckSeconds: 0,
      metrics: { host: '127.0.0.1', port: 0 },
    });
    try {
      expect(tracker.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const answer = await fetch(tracker.metricsUrl ?? '');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await answer.text();
      expect(text).toContain('# TYPE tracker_signups_total counter');
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect((await fetch(new URL('/other', tracker.metricsUrl ?? ''))).status).toBe(404);
      // The API's own port has no such route (and would want the key).
      expect((await fetch(`${tracker.url}/metrics`)).status).not.toBe(200);
    } finally {
      await tracker.close();
      await db.cleanup();
    }
  });
});
