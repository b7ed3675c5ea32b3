import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadOrCreateApiKey } from './api-key.ts';
import { trackerApp } from './app.ts';
import { resolveConfig, type TrackerOptions } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { lockDataDir } from './lock.ts';
import { createMailer, emlFileTransport, smtpTransport } from './mailer.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createRepositories, type TrackerContext } from './services/context.ts';
import { BoundedQueue } from './services/signup-queue.ts';
import { diskStorage } from './storage.ts';

export const PGLITE_SUBDIR = 'pglite';

/** Secrets that a log line could carry: @fastify/multipart logs the request headers at trace. */
const REDACT = [
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'busboyOptions.headers["x-api-key"]',
  'busboyOptions.headers.cookie',
];

function loggerOptions(logger: TrackerOptions['logger'], level: string) {
  if (!logger) return false;
  const base: Record<string, unknown> = logger === true ? { level } : { ...logger };
  const redact = base.redact;
  const paths = Array.isArray(redact)
    ? redact
    : redact && typeof redact === 'object' && 'paths' in redact && Array.isArray(redact.paths)
      ? redact.paths
      : [];
  return { ...base, redact: [...paths, ...REDACT] };
}

/** Opens the database, applies migrations and the first-start seed. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgPoolMax?: number;
}) {
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.pgPoolMax)
    : await openPglite(path.join(config.dataDir, PGLITE_SUBDIR));
  try {
    const session = await database.session();
    try {
      await migrate(session, async () => {
        await seedIfEmpty(database.db);
      });
    } finally {
      session.release();
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * The tracker as a Fastify instance, not listening: database open, migrated and seeded, data
 * directory locked (PGlite), mail outbox running once ready. Closing the instance releases all.
 */
export async function buildTracker(opts: TrackerOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(opts, 0);
  // PGlite takes no lock of its own: two processes on one directory lose acknowledged rows.
  const unlock = config.databaseUrl
    ? async () => {}
    : await lockDataDir(config.dataDir, { staleMs: config.lockStaleMs });
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    const apiKey = config.apiKey ?? (await loadOrCreateApiKey(config.dataDir));
    const now = opts.now ?? (() => new Date());
    const app = Fastify({ logger: loggerOptions(opts.logger, config.logLevel) });
    const repos = createRepositories(database, now);
    const mailer = createMailer({
      outbox: repos.outbox,
      transport:
        opts.mailTransport ??
        (config.smtpUrl
          ? smtpTransport(config.smtpUrl)
          : emlFileTransport(path.join(config.dataDir, 'outbox'))),
      from: config.mailFrom,
      now,
      retryIntervalMs: config.mailRetryMs,
      log: app.log,
    });
    const context: TrackerContext = {
      config,
      database,
      repos,
      mailer,
      storage: opts.storage ?? diskStorage(path.join(config.dataDir, 'uploads')),
      apiKey,
      now,
      signups: {
        queue: new BoundedQueue(config.signupConcurrency, config.signupQueueMax),
        inFlight: new Map(),
      },
    };
    const db = database;
    app.addHook('onReady', async () => {
      // Mail left unsent by an earlier run goes out now.
      mailer.start();
      mailer.kick();
    });
    app.addHook('onClose', async () => {
      await mailer.stop();
      await db.close();
      await unlock();
    });
    await app.register(trackerApp, { context });
    return app;
  } catch (error) {
    await database?.close().catch(() => {});
    await unlock();
    throw error;
  }
}

export interface RunningTracker {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  apiKey: string;
  close(): Promise<void>;
  app: FastifyInstance;
}

/** Builds the tracker and listens (loopback, any free port unless told otherwise). */
export async function startTracker(opts: TrackerOptions = {}): Promise<RunningTracker> {
  const app = await buildTracker(opts);
  const { host, port } = app.tracker.config;
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    apiKey: app.tracker.apiKey,
    close: () => app.close(),
    app,
  };
}
