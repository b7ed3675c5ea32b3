import { HEALTH_API, type NotReady, type NotReadyReason } from '@app/contracts';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeOf } from './openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shutting down: readiness answers 503 from now on, so a load balancer stops sending new
     * requests, while every request that still arrives is served (its connection closed after).
     */
    startDraining(): void;
    /** True once startDraining() was called. */
    readonly draining: boolean;
  }
}

export interface HealthOptions {
  /**
   * What this instance needs in order to serve (its database, its tracker), asked on every
   * readiness check: the reason it cannot, or null. Bound its time: a balancer waits on it.
   */
  check: () => Promise<NotReadyReason | null>;
  /** Route config both routes get (the tracker's `public`: no API key). */
  routeConfig?: FastifyContextConfig;
}

/** How long a balancer or client is told to wait before asking an instance that is not ready. */
export const NOT_READY_RETRY_SECONDS = 5;

const NOT_READY_MESSAGES: Record<NotReadyReason, string> = {
  draining:
    'This instance is shutting down: it finishes the requests it has and takes no new ones.',
  'database-unreachable': 'The database does not answer.',
  'tracker-unreachable': 'The tracker does not answer.',
};

/** The answer of a check that did not settle in time: the same as one that failed. */
export async function withinMs<T>(work: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health/live and GET /health/ready (the contracts' HEALTH_API) and the draining state, the
 * same on every process a load balancer sends to. Not encapsulated: draining closes the
 * connection of every answer of the instance.
 */
export const health = fp<HealthOptions>(
  async function health(app: FastifyInstance, opts) {
    let draining = false;
    app.decorate('startDraining', () => {
      draining = true;
    });
    app.decorate('draining', {
      getter: () => draining,
    });
    // A balancer's pooled keep-alive connection would carry new requests here after the check
    // turned: each answer given while draining closes its connection, so the next one is opened
    // to an instance that is ready.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
    const config = opts.routeConfig ?? {};
    app.route({
      ...routeOf(HEALTH_API.live),
      config,
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'live' as const };
      },
    });
    app.route({
      ...routeOf(HEALTH_API.ready),
      config,
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const reason = draining ? 'draining' : await opts.check();
        if (reason === null) return reply.code(200).send({ status: 'ready' as const });
        const body: NotReady = {
          status: 'not-ready',
          reason,
          message: NOT_READY_MESSAGES[reason],
        };
        return reply.code(503).header('retry-after', String(NOT_READY_RETRY_SECONDS)).send(body);
      },
    });
  },
  { name: 'health' },
);
