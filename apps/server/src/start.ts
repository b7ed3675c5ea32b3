import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import {
  checkDataDir,
  closeGracefully,
  loadOrCreateSecret,
  type MetricsListener,
  portOf,
  serveMetrics,
  siteUrlOf,
} from '@app/server-kit';
import { buildServer } from './build.ts';
import type { Env } from './env.ts';

export interface TrackerHandle {
  url: string;
  apiKey: string;
  close(): Promise<void>;
  /** Turns the embedded tracker's readiness (API and front door) to 503; a remote one drains itself. */
  drain?(): void;
  /** The embedded tracker's thread; none for a remote tracker. */
  worker?: Worker;
  /** Where the embedded tracker serves its metrics (TRACKER_METRICS_PORT), if it does. */
  metricsUrl?: string | null;
}

export interface RunningSite {
  url: string;
  server: Awaited<ReturnType<typeof buildServer>>;
  /** Where the site serves GET /metrics (METRICS_PORT on METRICS_HOST); null when it does not. */
  metricsUrl: string | null;
  /**
   * Readiness turns 503 (the site's and the embedded tracker's), so a load balancer stops sending;
   * requests that still arrive are served.
   */
  drain(): void;
  /**
   * Shuts down: drains, goes on serving for `drainMs` (default SHUTDOWN_DRAIN_MS), then stops
   * listening, lets in-flight requests finish and closes the tracker and its database.
   */
  close(options?: { drainMs?: number }): Promise<void>;
  tracker: TrackerHandle;
}

export interface StartOptions {
  /**
   * Called once if the embedded tracker stops without being asked to (a crash in its thread). The
   * site cannot serve without it; the process entry shuts the site down and exits non-zero.
   */
  onTrackerExit?: (error: Error) => void;
}

/**
 * The embedded tracker's thread module. The production build bundles it beside the server as
 * dist/tracker-thread.js; run from source, the tracker package's own entry is used.
 */
function trackerThreadEntry(): URL | undefined {
  const here = import.meta.filename;
  if (!here?.endsWith('.js')) return undefined;
  const bundled = path.join(path.dirname(here), 'tracker-thread.js');
  return existsSync(bundled) ? pathToFileURL(bundled) : undefined;
}

/**
 * Starts libuv's thread pool from the site's own thread. The pool is the whole process's (the
 * site's static files and pages are read on it, as are DNS look-ups and asynchronous zlib), and
 * its threads are made by whichever thread first hands it work, at that thread's CPU priority.
 * Left to the embedded tracker's thread, which lowers its own priority first thing
 * (TRACKER_THREAD_NICE), every page read ran at the tracker's low priority, level with the
 * password hashing threads the tracker starts, and waited behind them during sign-ups.
 */
async function startThreadPoolHere(): Promise<void> {
  // Any asynchronous file call starts all of the pool's threads (UV_THREADPOOL_SIZE) at once.
  await stat(process.cwd()).catch(() => undefined);
}

/**
 * The tracker this site talks to: the remote one configured, or one started on a thread of its own
 * and reached over loopback HTTP, so that its database work never holds up the site's requests.
 */
async function connectTracker(env: Env, options: StartOptions): Promise<TrackerHandle> {
  if (env.TRACKER_API_URL && env.TRACKER_API_KEY) {
    return { url: env.TRACKER_API_URL, apiKey: env.TRACKER_API_KEY, close: async () => {} };
  }
  await startThreadPoolHere();
  const { startTrackerThread } = await import('@app/tracker/thread');
  const entry = trackerThreadEntry();
  return startTrackerThread({
    ...(entry ? { entry } : {}),
    dataDir: env.TRACKER_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    apiKey: env.TRACKER_API_KEY,
    host: '127.0.0.1',
    port: env.TRACKER_PORT ?? 0,
    siteUrl: siteUrlOf(env, env.PORT),
    publicUrl: env.TRACKER_PUBLIC_URL,
    publicPort: env.TRACKER_PUBLIC_PORT ?? portOf(env.TRACKER_PUBLIC_URL),
    logger: { level: env.LOG_LEVEL, name: 'tracker' },
    niceness: env.TRACKER_THREAD_NICE,
    metrics:
      env.TRACKER_METRICS_PORT === undefined
        ? null
        : { host: env.METRICS_HOST, port: env.TRACKER_METRICS_PORT },
    ...(options.onTrackerExit ? { onUnexpectedExit: options.onTrackerExit } : {}),
  });
}

/**
 * The session-signing secret when SESSION_SECRET is unset: generated once and kept in the data
 * directory (mode 0600), so sessions survive a restart and no secret is ever in the repository.
 */
async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  // A read-only or full data directory is told in plain words (the embedded tracker checked it
  // already; a remote tracker's site still keeps its secret here).
  await checkDataDir(dataDir);
  return loadOrCreateSecret({
    file: path.join(dataDir, 'session-secret'),
    generate: () => randomBytes(32).toString('base64url'),
    isValid: (value) => value.length >= 32,
    expected: 'a session secret of at least 32 characters',
  });
}

export async function startSite(env: Env, options: StartOptions = {}): Promise<RunningSite> {
  const tracker = await connectTracker(env, options);
  try {
    const sessionSecret =
      env.SESSION_SECRET ?? (await loadOrCreateSessionSecret(env.TRACKER_DATA_DIR));
    const server = await buildServer({
      config: { env, tracker: { url: tracker.url, apiKey: tracker.apiKey }, sessionSecret },
    });
    let metrics: MetricsListener | null = null;
    try {
      if (env.METRICS_PORT !== undefined) {
        metrics = await serveMetrics(server.metrics.registry, {
          host: env.METRICS_HOST,
          port: env.METRICS_PORT,
        });
      }
    } catch (error) {
      await server.close();
      throw error;
    }
    let url: string;
    try {
      url = await server.listen({ port: env.PORT, host: env.HOST });
    } catch (error) {
      await metrics?.close();
      throw error;
    }
    const drain = () => {
      server.startDraining();
      tracker.drain?.();
    };
    return {
      url,
      server,
      metricsUrl: metrics?.url ?? null,
      tracker,
      drain,
      close: async ({ drainMs = env.SHUTDOWN_DRAIN_MS } = {}) => {
        try {
          drain();
          if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
          await closeGracefully(server);
        } finally {
          await metrics?.close();
          await tracker.close();
        }
      },
    };
  } catch (error) {
    await tracker.close();
    throw error;
  }
}
