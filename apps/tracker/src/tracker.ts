import {
  clientErrorHandler,
  closeGracefully,
  loggerOptions,
  type MetricsListener,
  serveMetrics,
} from '@app/server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { trackerApp } from './app.ts';
import { resolveConfig, type TrackerOptions } from './config.ts';
import { buildFrontDoor } from './front-door/app.ts';

/**
 * The tracker as a Fastify instance, not listening: database open, migrated and seeded, data
 * directory locked (PGlite), mail outbox running once ready. Closing the instance releases all.
 */
export async function buildTracker(opts: TrackerOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(opts);
  const logger = opts.logger
    ? loggerOptions({ level: config.logLevel, ...(opts.logger === true ? {} : opts.logger) })
    : false;
  // Opening a new PGlite directory, migrating and seeding it takes seconds on a busy machine:
  // far more than Fastify's default 10 s for a plugin to load would allow in the worst case.
  const app = Fastify({
    logger,
    pluginTimeout: 120_000,
    // What Node's HTTP parser cannot read gets the same JSON error shape as everything else.
    clientErrorHandler,
    // A request that arrives on an open connection while closing is served, not refused 503.
    return503OnClosing: false,
  });
  // Only JSON and multipart bodies are read: text/plain (which Fastify parses by default) is 415.
  app.removeContentTypeParser('text/plain');
  // Answers sent while closing close their connection, so a keep-alive connection of the site
  // (proxy, tracker client) that was busy when close() began does not hold it open for the
  // keep-alive time-out once it goes idle.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  try {
    await app.register(trackerApp, {
      config,
      mailTransport: opts.mailTransport,
      storage: opts.storage,
    });
    await app.ready();
  } catch (error) {
    // Releases what the plugins that did load hold (the database, the data directory's lock).
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

export interface RunningTracker {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Where the front door listens (its own origin), when it runs. */
  frontDoorUrl: string | null;
  frontDoor: FastifyInstance | null;
  /** Where GET /metrics is served (METRICS_PORT), if it is. */
  metricsUrl: string | null;
  apiKey: string;
  /**
   * Readiness turns 503 on the API and the front door (a load balancer stops sending); both go on
   * serving what still arrives until close().
   */
  drain(): void;
  close(): Promise<void>;
  app: FastifyInstance;
}

/** Builds the tracker and listens (loopback, any free port unless told otherwise). */
export async function startTracker(opts: TrackerOptions = {}): Promise<RunningTracker> {
  const app = await buildTracker(opts);
  const { host, port } = app.trackerConfig;
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const urlOf = (server: FastifyInstance, fallback: number) => {
    const address = server.server.address();
    const bound = typeof address === 'object' && address ? address.port : fallback;
    return `http://${urlHost}:${bound}`;
  };
  const { publicPort } = app.trackerConfig;
  let frontDoor: FastifyInstance | null = null;
  if (publicPort !== null) {
    try {
      frontDoor = await buildFrontDoor(app, app.log.child({ name: 'tracker-front-door' }));
      await frontDoor.listen({ host, port: publicPort });
    } catch (error) {
      await frontDoor?.close();
      await app.close();
      throw error;
    }
  }
  const door = frontDoor;
  let metrics: MetricsListener | null = null;
  if (app.trackerConfig.metrics) {
    try {
      metrics = await serveMetrics(app.metrics.registry, app.trackerConfig.metrics);
    } catch (error) {
      await door?.close();
      await app.close();
      throw error;
    }
  }
  return {
    url: urlOf(app, port),
    frontDoorUrl: door ? urlOf(door, publicPort ?? 0) : null,
    frontDoor: door,
    metricsUrl: metrics?.url ?? null,
    apiKey: app.apiKey,
    drain: () => {
      app.startDraining();
      door?.startDraining();
    },
    // The front door first: it uses the API instance's database.
    close: async () => {
      await metrics?.close();
      if (door) await closeGracefully(door);
      await closeGracefully(app);
    },
    app,
  };
}
