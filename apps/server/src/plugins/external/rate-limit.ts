import { connectCounterStore, HttpError, limiterFactory } from '@app/server-kit';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { type SignupLimits, signupLimits } from '../app/signup-limits.ts';

export interface RateLimits {
  /** GET /api/* answers (proxy, status, next date) and the 404 handler. */
  read: RateLimitOptions;
  /** Account creation requests of any outcome per address. */
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
    /**
     * The limit on writes (an onRequest hook): per browser session, or per address for a write
     * with no session yet, under one ceiling per address for all of them.
     */
    writeLimit: (request: FastifyRequest) => Promise<void>;
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
    const redis = await connectCounterStore(app, env.REDIS_URL, 'rate-limit');
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
    // Counters taken atomically before the work they guard (rate-limiter-flexible), in Redis when
    // it is configured; while Redis is unreachable each instance counts in memory instead.
    const limiter = limiterFactory(redis, 'site-limit');
    app.decorate(
      'signupLimits',
      signupLimits(
        {
          windowMs: env.RATE_LIMIT_SIGNUP_WINDOW_MS,
          perAddress: env.RATE_LIMIT_SIGNUP_MAX,
          perEmail: env.RATE_LIMIT_SIGNUP_EMAIL_MAX,
          global: env.RATE_LIMIT_SIGNUP_GLOBAL_MAX,
        },
        limiter,
      ),
    );
    const window = env.RATE_LIMIT_WINDOW_MS;
    const perSession = limiter('write-session', env.RATE_LIMIT_WRITE_MAX, window);
    const anonymous = limiter('write-anonymous', env.RATE_LIMIT_WRITE_ANONYMOUS_MAX, window);
    const perAddress = limiter('write-address', env.RATE_LIMIT_WRITE_ADDRESS_MAX, window);
    const take = async (from: RateLimiterAbstract, key: string) => {
      try {
        await from.consume(key);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        throw new HttpError(
          'RATE_LIMITED',
          `Too many requests. Please wait ${retryPhrase(refusal.msBeforeNext)} and try again.`,
        );
      }
    };
    app.decorate('writeLimit', async (request: FastifyRequest) => {
      const session = request.sessionId();
      if (session === null) return take(anonymous, request.ip);
      await take(perAddress, request.ip);
      await take(perSession, session);
    });
  },
  { name: 'rate-limits', dependencies: ['config'] },
);
