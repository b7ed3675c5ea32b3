import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Seconds: a page or cached read answers in a few ms, a sign-up waits for its password hash
 * (hundreds of ms), a request held by a busy tracker up to the proxy's time-out.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of a request no route matched (a 404): one series, not one per URL tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * One thread's metrics (prom-client): its own registry, so the site and the embedded tracker on
 * its thread, or the many servers a test process builds, never count into each other's series.
 */
export interface ProcessMetrics {
  registry: Registry;
  /** Every answer, by route pattern, method and status, with how long it took. */
  httpRequests: Histogram<'route' | 'method' | 'status_code'>;
  /** Requests refused 503 with Retry-After because the instance was busy (load shedding). */
  requestsShed: Counter<'route'>;
}

/**
 * The thread's own figures (CPU, memory, heap, GC, handles, the event loop's delay and
 * utilisation), made once per thread: prom-client's collectors start a delay monitor and a GC
 * observer that are never stopped, so a test process that builds many servers would otherwise
 * run one of each per server. A worker thread's event loop is its own, and so are these.
 */
let threadMetrics: Registry | undefined;
function threadFigures(): Registry {
  if (threadMetrics) return threadMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let last = performance.eventLoopUtilization();
  new Gauge({
    name: 'nodejs_eventloop_utilization',
    help: 'Share of the time since the previous scrape the event loop spent working (0-1).',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
  threadMetrics = registry;
  return registry;
}

export function createMetrics(): ProcessMetrics {
  const registry = new Registry();
  const thread = threadFigures();
  for (const { name } of thread.getMetricsAsArray()) {
    const metric = thread.getSingleMetric(name);
    if (metric) registry.registerMetric(metric);
  }
  return {
    registry,
    httpRequests: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests answered, by route pattern, method and status, with their latency.',
      labelNames: ['route', 'method', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    requestsShed: new Counter({
      name: 'http_requests_shed_total',
      help: 'Requests refused 503 with Retry-After because the instance was too busy.',
      labelNames: ['route'],
      registers: [registry],
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ProcessMetrics;
  }
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

/**
 * A shed request: answered 503 with Retry-After (the site's load shedding, the tracker's full
 * hashing line) outside the health routes, whose 503 means "not ready" and carries it too.
 */
function wasShed(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    reply.statusCode === 503 && reply.hasHeader('retry-after') && !request.url.startsWith('/health')
  );
}

/**
 * Counts every answer of this instance into `metrics` (a fresh set unless given: the tracker's
 * front door counts into the tracker API's), and decorates the instance with them. Registered
 * first, so the answers of every later hook (load shedding's, the rate limit's) are counted too.
 */
export const httpMetrics = fp(
  async function httpMetrics(app: FastifyInstance, opts: { metrics?: ProcessMetrics }) {
    const metrics = opts.metrics ?? createMetrics();
    app.decorate('metrics', metrics);
    app.addHook('onResponse', (request, reply, done) => {
      const route = routeOf(request);
      metrics.httpRequests.observe(
        { route, method: request.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (wasShed(request, reply)) metrics.requestsShed.inc({ route });
      done();
    });
  },
  { name: 'http-metrics' },
);

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus' text format) on a listener of its own, away from the public
 * ports: what the metrics tell (traffic, members, backlogs) is for whoever runs the product.
 * Its host is loopback unless METRICS_HOST says otherwise; anything else it answers 404.
 */
export async function serveMetrics(
  registry: Registry,
  { host, port }: { host: string; port: number },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`metrics could not be collected: ${String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { Counter, Gauge, Histogram, type Registry };
