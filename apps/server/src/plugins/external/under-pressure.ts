import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EventLoopLagSampler } from '../../event-loop-lag.ts';

/** Seconds an overloaded instance asks a client to wait. */
const RETRY_AFTER_SECONDS = 2;

/**
 * What answering a route costs this instance, which decides when it is shed:
 * - `free`: static files, pages, health, the OpenAPI document; never shed, since refusing a
 *   script breaks a page that a refused API call would not, and serving it costs next to nothing;
 * - `cached-read`: a tracker read the read cache may answer; shed only when it has to go to the
 *   tracker (the proxy asks `sheds('tracker')` then);
 * - `tracker`: a call the tracker carries out; shed while the lag is over the threshold;
 * - `heavy`: a sign-up (password hashing) or an upload; shed first, from half the threshold.
 * An /api route that names no cost is a tracker call; anything else is free.
 */
export type LoadCost = 'free' | 'cached-read' | 'tracker' | 'heavy';

declare module 'fastify' {
  interface FastifyContextConfig {
    loadCost?: LoadCost;
  }
  interface FastifyInstance {
    loadShedding: {
      /** Whether a request of this cost is refused now. */
      sheds(cost: LoadCost): boolean;
      /** Answers 503 OVERLOADED with Retry-After. */
      refuse(reply: FastifyReply): void;
    };
  }
}

function costOf(request: FastifyRequest): LoadCost {
  if (request.url.startsWith('/health/')) return 'free';
  return (
    request.routeOptions.config.loadCost ?? (request.url.startsWith('/api/') ? 'tracker' : 'free')
  );
}

/**
 * Load shedding (@fastify/under-pressure): while the event loop has lagged more than
 * LOAD_SHED_EVENT_LOOP_DELAY_MS for a sustained time (see EventLoopLag), requests that cost
 * real work are answered 503 OVERLOADED with Retry-After at once, before any work, so a client
 * (or the balancer, which retries elsewhere) hears quickly instead of waiting behind the backlog.
 * Heavy routes go from half the threshold. The lag is our own measure (EventLoopLagSampler, the
 * lateness of the library's health-check timer), handed to the library as its health check: the
 * library's own event-loop check counts a sampling window with no histogram reading as an
 * endless delay, so one stall of a few hundred ms right after a sample shed every request for a
 * whole window.
 */
export default fp(
  async function loadShedding(app: FastifyInstance) {
    const threshold = app.config.env.LOAD_SHED_EVENT_LOOP_DELAY_MS;
    const limits: Record<LoadCost, number> = {
      free: Number.POSITIVE_INFINITY,
      'cached-read': Number.POSITIVE_INFINITY,
      tracker: threshold,
      heavy: threshold / 2,
    };
    let lagMs = 0;
    const sheds = (cost: LoadCost) => threshold > 0 && lagMs > limits[cost];
    const refuse = (reply: FastifyReply) => {
      void reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
        message: 'The site is busy right now. Please try again in a moment.',
        code: 'OVERLOADED',
      });
    };
    app.decorate('loadShedding', { sheds, refuse });
    if (threshold === 0) return;

    // Sampled often enough to notice a lag within a fraction of the threshold.
    const interval = Math.max(50, Math.min(500, Math.floor(threshold / 4)));
    const sampler = new EventLoopLagSampler(interval);
    await app.register(underPressure, {
      healthCheckInterval: interval,
      // "Unhealthy" while the cheapest route that can be shed would be: the handler below
      // then decides per route.
      healthCheck: async () => {
        lagMs = sampler.sample();
        return !sheds('heavy');
      },
      retryAfter: RETRY_AFTER_SECONDS,
      exposeStatusRoute: false,
      // A request that is not refused goes on (Fastify runs nothing more for one whose answer is
      // sent).
      pressureHandler: (request, reply) => {
        if (sheds(costOf(request))) refuse(reply);
      },
    });
  },
  { name: 'load-shedding', dependencies: ['config'] },
);
