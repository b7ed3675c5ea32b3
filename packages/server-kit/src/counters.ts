import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

/**
 * The Redis that instances share their counters through (REDIS_URL), or none. An outage never
 * takes a server down: it logs, keeps retrying in the background, and the limiters made by
 * `limiterFactory` count in memory meanwhile. Closed with the app.
 */
export async function connectCounterStore(
  app: FastifyInstance,
  url: string | undefined,
  what: string,
): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, `${what} store error`));
  try {
    await redis.connect();
  } catch (error) {
    app.log.warn(
      { err: error },
      `${what} store not reachable at start; retrying in the background`,
    );
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return redis;
}

/** Makes a limiter of `points` per `durationMs`, in memory or shared through Redis. */
export type LimiterFactory = (
  name: string,
  points: number,
  durationMs: number,
) => RateLimiterAbstract;

/**
 * Limiters (rate-limiter-flexible) in Redis under `prefix` when there is one, with a limiter in
 * memory standing in while it is unreachable; in memory only without Redis.
 */
export function limiterFactory(redis: Redis | undefined, prefix: string): LimiterFactory {
  return (name, points, durationMs) => {
    const duration = Math.max(1, Math.ceil(durationMs / 1000));
    const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:${name}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
}
