import { buildServer } from './build.ts';
import type { Env } from './env.ts';
import { loggerOptions } from './logging.ts';
import { loadOrCreateSecret } from './secret.ts';

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
    logger: loggerOptions({ level: env.LOG_LEVEL, name: 'tracker' }),
  });
}

export async function startSite(env: Env): Promise<RunningSite> {
  const tracker = await connectTracker(env);
  try {
    const sessionSecret = env.SESSION_SECRET ?? (await loadOrCreateSecret(env.TRACKER_DATA_DIR));
    const server = await buildServer({
      config: { env, tracker: { url: tracker.url, apiKey: tracker.apiKey }, sessionSecret },
    });
    const url = await server.listen({ port: env.PORT, host: env.HOST });
    return {
      url,
      server,
      close: async () => {
        try {
          await server.close();
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
