import { HttpError } from '@app/server-kit';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { type SignupLimits, signupLimits } from '../app/signup-limits.ts';

export interface RateLimits {
  /** GET /api/* answers (proxy, status, next date) and the 404 handler. */
  read: RateLimitOptions;
  /** State-changing POSTs. */
  write: RateLimitOptions;
  /** Account creation: far tighter than anything else. */
  signup: RateLimitOptions;
  /** Profile saves, per account (the session's), so one browser cannot fill the photo store. */
  profile: RateLimitOptions;
  /** Asking for the confirmation email again: mail goes out, so far tighter than other writes. */
  resend: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    signupLimits: SignupLimits;
  }
}

function retryPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Per-client limits (in memory, or in Redis when REDIS_URL is set so every instance shares them).
 * Limits are attached per route through `config.rateLimit`; nothing is limited implicitly.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    const { env } = app.config;
    let redis: Redis | undefined;
    if (env.REDIS_URL) {
      redis = new Redis(env.REDIS_URL, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: true,
      });
      // A Redis outage must not take the site down: the limiter lets requests through meanwhile.
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store error'));
      try {
        await redis.connect();
      } catch (error) {
        app.log.warn(
          { err: error },
          'rate-limit store not reachable at start; retrying in the background',
        );
      }
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => undefined);
      });
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'site-rate-limit:',
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          'RATE_LIMITED',
          `Too many requests. Please wait ${retryPhrase(context.ttl)} and try again.`,
        ),
    });
    app.decorate('rateLimits', {
      read: { max: env.RATE_LIMIT_READ_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
      write: { max: env.RATE_LIMIT_WRITE_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
      signup: {
        max: env.RATE_LIMIT_SIGNUP_ATTEMPTS_MAX,
        timeWindow: env.RATE_LIMIT_SIGNUP_WINDOW_MS,
      },
      resend: { max: env.RATE_LIMIT_RESEND_MAX, timeWindow: env.RATE_LIMIT_RESEND_WINDOW_MS },
      profile: {
        max: env.RATE_LIMIT_PROFILE_MAX,
        timeWindow: env.RATE_LIMIT_PROFILE_WINDOW_MS,
        keyGenerator: (request) => {
          const userId = request.sessionUserId();
          return userId === null ? `ip:${request.ip}` : `user:${userId}`;
        },
      },
    });
    app.decorate(
      'signupLimits',
      signupLimits(
        {
          windowMs: env.RATE_LIMIT_SIGNUP_WINDOW_MS,
          perAddress: env.RATE_LIMIT_SIGNUP_MAX,
          perEmail: env.RATE_LIMIT_SIGNUP_EMAIL_MAX,
          global: env.RATE_LIMIT_SIGNUP_GLOBAL_MAX,
        },
        redis,
        (error) => app.log.warn({ err: error }, 'sign-up limit store error'),
      ),
    );
  },
  { name: 'rate-limits', dependencies: ['config'] },
);
