import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadOrCreateSecret } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './build.ts';
import type { Env } from './env.ts';

export interface TrackerHandle {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

export interface RunningSite {
  url: string;
  server: Awaited<ReturnType<typeof buildServer>>;
  /** Stops taking requests, lets in-flight ones finish, then closes the tracker and its database. */
  close(): Promise<void>;
}

/** The tracker this site talks to: the remote one configured, or one started here on loopback. */
async function connectTracker(env: Env): Promise<TrackerHandle> {
  if (env.TRACKER_API_URL && env.TRACKER_API_KEY) {
    return { url: env.TRACKER_API_URL, apiKey: env.TRACKER_API_KEY, close: async () => {} };
  }
  const { startTracker } = await import('@app/tracker');
  return startTracker({
    dataDir: env.TRACKER_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    host: '127.0.0.1',
    port: 0,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    ...(env.TRACKER_API_KEY ? { apiKey: env.TRACKER_API_KEY } : {}),
    logger: { level: env.LOG_LEVEL, name: 'tracker' },
  });
}

/**
 * The session-signing secret when SESSION_SECRET is unset: generated once and kept in the data
 * directory (mode 0600), so sessions survive a restart and no secret is ever in the repository.
 */
function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  return loadOrCreateSecret({
    file: path.join(dataDir, 'session-secret'),
    generate: () => randomBytes(32).toString('base64url'),
    isValid: (value) => value.length >= 32,
    expected: 'a session secret of at least 32 characters',
  });
}

/**
 * Closes a Fastify server without waiting out keep-alive time-outs: close() drops the connections
 * idle at that moment, but one whose answer was already under way goes idle later and would hold
 * the close for the keep-alive time-out (72 s). Idle connections are dropped until it is done.
 */
export async function closeSweepingIdle(server: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => server.server.closeIdleConnections(), 200);
  try {
    await server.close();
  } finally {
    clearInterval(sweep);
  }
}

export async function startSite(env: Env): Promise<RunningSite> {
  const tracker = await connectTracker(env);
  try {
    const sessionSecret =
      env.SESSION_SECRET ?? (await loadOrCreateSessionSecret(env.TRACKER_DATA_DIR));
    const server = await buildServer({
      config: { env, tracker: { url: tracker.url, apiKey: tracker.apiKey }, sessionSecret },
    });
    const url = await server.listen({ port: env.PORT, host: env.HOST });
    return {
      url,
      server,
      close: async () => {
        try {
          server.startDraining();
          await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
          await closeSweepingIdle(server);
        } finally {
          await tracker.close();
        }
      },
    };
  } catch (error) {
    await tracker.close();
    throw error;
  }
}
