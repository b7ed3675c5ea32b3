import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup } from './helper.ts';

/**
 * Traces across the site and the tracker, each in a process of its own as in production, each
 * traced the way the compiled start module traces it (`@app/server-kit/tracing`, started before
 * the server's code loads), with an in-memory exporter instead of OTLP: one sign-up is one trace
 * that both processes' spans belong to, the tracker's joined to the site's through the W3C
 * `traceparent` header of the site's call, with the tracker's database calls in it too (pg's
 * spans on PostgreSQL with TEST_DATABASE_URL, the tracker's own on its embedded PGlite), none
 * naming a parameter; and each process's log lines for it carry the trace id beside
 * the request id. That no OpenTelemetry code loads without OTEL_EXPORTER_OTLP_ENDPOINT is tested
 * on the start modules themselves (packages/server-kit/src/bundle.test.ts).
 */

interface Span {
  service: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
}
interface Report {
  spans: Span[];
  lines: Record<string, unknown>[];
}

const FIXTURE = fileURLToPath(new URL('./fixtures/traced-process.ts', import.meta.url));
const SERVER = 1;
const CLIENT = 2;

function start(role: 'site' | 'tracker', env: Record<string, string> = {}) {
  const child = fork(FIXTURE, [role], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('message', (message: { ready?: Record<string, unknown> }) => {
      if (message.ready) resolve(message.ready);
    });
    child.once('exit', (code) => reject(new Error(`the ${role} exited with ${code}`)));
  });
  return { child, ready };
}

/** Asks a traced process `what` and waits for its answer of that name. */
function ask<T>(child: ChildProcess | undefined, what: 'report' | 'reset'): Promise<T> {
  return new Promise((resolve, reject) => {
    if (!child) return reject(new Error('not started'));
    const onMessage = (message: Record<string, unknown>) => {
      if (!(what in message)) return;
      child.off('message', onMessage);
      resolve(message[what] as T);
    };
    child.on('message', onMessage);
    child.send(what);
  });
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.send('stop');
  await exited;
}

/** The request path of a server span, in the stable or the older semantic conventions. */
const pathOf = (span: Span) =>
  String(span.attributes['url.path'] ?? span.attributes['http.target'] ?? '').split('?')[0];

describe('a traced sign-up', { timeout: 180_000 }, () => {
  let tracker: ChildProcess | undefined;
  let site: ChildProcess | undefined;
  let siteUrl = '';
  let trackerUrl = '';
  let postgres = false;

  beforeAll(async () => {
    const trackerStart = start('tracker');
    tracker = trackerStart.child;
    const ready = await trackerStart.ready;
    trackerUrl = String(ready.url);
    postgres = ready.postgres === true;
    const siteStart = start('site', {
      TRACKER_API_URL: trackerUrl,
      TRACKER_API_KEY: String(ready.apiKey),
    });
    site = siteStart.child;
    siteUrl = String((await siteStart.ready).url);
  }, 180_000);

  afterAll(async () => {
    await stop(site);
    await stop(tracker);
  });

  it('is one trace across the site and the tracker, its database calls in it, and their log lines name it', async () => {
    // What the starts did (the site's first calls to the tracker) is left out.
    await Promise.all([ask(site, 'reset'), ask(tracker, 'reset')]);
    const person = signup();
    const answer = await fetch(`${siteUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteUrl },
      body: JSON.stringify(person),
    });
    expect(answer.status).toBe(201);
    const [fromSite, fromTracker] = await Promise.all([
      ask<Report>(site, 'report'),
      ask<Report>(tracker, 'report'),
    ]);

    // The site's span of the browser's request starts the trace.
    const request = fromSite.spans.filter(
      (span) => span.kind === SERVER && pathOf(span) === '/api/users',
    );
    expect(request).toHaveLength(1);
    const [root] = request as [Span];
    expect(root.service).toBe('site');
    expect(root.parentSpanId).toBeUndefined();
    const traceId = root.traceId;

    // Its calls to the tracker are in it, and the tracker's spans of those calls are their
    // children: the context went over the wire in the traceparent header.
    const calls = fromSite.spans.filter(
      (span) => span.kind === CLIENT && String(span.attributes['url.full']).startsWith(trackerUrl),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.traceId).toBe(traceId);
    const served = fromTracker.spans.filter((span) => span.kind === SERVER);
    expect(served.length).toBeGreaterThan(0);
    for (const span of served) {
      expect(span.service).toBe('tracker');
      expect(span.traceId).toBe(traceId);
      expect(calls.map((call) => call.spanId)).toContain(span.parentSpanId);
    }
    // One trace: nothing either process did for the sign-up started another.
    expect(new Set([...fromSite.spans, ...fromTracker.spans].map((span) => span.traceId))).toEqual(
      new Set([traceId]),
    );

    // The tracker's database calls are in it: pg's spans on PostgreSQL, the tracker's own on
    // PGlite (a client span per statement, named by its operation). Neither names a parameter.
    const queries = fromTracker.spans.filter(
      (span) => span.attributes['db.system.name'] ?? span.attributes['db.system'],
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.traceId).toBe(traceId);
      expect(query.kind).toBe(CLIENT);
    }
    if (!postgres) {
      expect(queries.every((query) => query.attributes['db.client'] === 'pglite')).toBe(true);
      expect(queries.map((query) => query.name)).toContain('pglite.query:INSERT');
      for (const query of queries) {
        expect(query.name).toBe(`pglite.query:${query.attributes['db.operation.name']}`);
        expect(served.map((span) => span.spanId)).toContain(query.parentSpanId);
      }
    }
    const attributes = JSON.stringify(
      [...fromSite.spans, ...fromTracker.spans].map((span) => span.attributes),
    );
    expect(attributes).not.toContain(person.email);

    // Each process's log lines of the request carry the trace id beside its request id.
    for (const [lines, name] of [
      [fromSite.lines, 'site'],
      [fromTracker.lines, 'tracker'],
    ] as const) {
      const traced = lines.filter((line) => line.traceId === traceId);
      expect(traced.length, name).toBeGreaterThan(0);
      for (const line of lines.filter((each) => each.reqId !== undefined)) {
        expect(line.traceId, `${name}: ${JSON.stringify(line)}`).toBe(traceId);
        expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
      }
    }
  });
});
