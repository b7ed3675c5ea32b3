import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Seconds an overloaded instance asks a client to wait. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags more than
 * LOAD_SHED_EVENT_LOOP_DELAY_MS, a request is answered 503 OVERLOADED with Retry-After at once,
 * before any work, so a client (or the balancer, which retries elsewhere) hears quickly instead of
 * waiting behind the backlog. The health routes are exempt: they say how the instance is.
 */
export default fp(
  async function loadShedding(app: FastifyInstance) {
    const maxEventLoopDelay = app.config.env.LOAD_SHED_EVENT_LOOP_DELAY_MS;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      // Sampled often enough to notice a stall within a fraction of the threshold, and never
      // faster than 50 ms: a window with no reading of the 10 ms histogram would count as an
      // endless lag.
      sampleInterval: Math.max(50, Math.min(500, Math.floor(maxEventLoopDelay / 4))),
      retryAfter: RETRY_AFTER_SECONDS,
      exposeStatusRoute: false,
      // A health request goes through; any other is answered here (Fastify runs nothing more for
      // a request whose answer is sent).
      pressureHandler: (request, reply) => {
        if (request.url.startsWith('/health/')) return;
        void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
          message: 'The site is busy right now. Please try again in a moment.',
          code: 'OVERLOADED',
        });
      },
    });
  },
  { name: 'load-shedding', dependencies: ['config'] },
);
