import { HEALTH_API, type NotReady, type NotReadyReason } from '@app/contracts';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dropOnlyLongIdle, IDLE_DROP_MS, noNewConnectionsFor } from './connections.ts';
import { routeOf } from './openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shutting down: readiness answers 503 from now on, so a load balancer stops sending new
     * requests, while every request that still arrives is served (its connection closed after).
     */
    startDraining(): void;
    /** True once startDraining() (or stopListening()) was called. */
    readonly draining: boolean;
    /**
     * Ends the drain by closing the listener without resetting a connection: answers keep their
     * connection again until no new connection has come for a moment (clients reuse the ones they
     * have instead of opening new ones), then the listener closes, and from then on every answer
     * closes its connection. close() (closeGracefully) calls it first.
     */
    stopListening(): Promise<void>;
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
  /** How long a connection must carry no request before a drain drops it (IDLE_DROP_MS). */
  idleDropMs?: number;
  /** How long no new connection must come before the listener closes (QUIET_MS). */
  quietMs?: number;
}

/**
 * Before the listener closes, how long no new connection must have come (a looping client that
 * reuses its keep-alive connection opens none), at most QUIET_MAX_MS. A client told during the
 * drain that its connection closes opens a new one for its next request; one kept off the CPU for
 * longer than this (a busy balancer or machine) opens it just as the listener closes, and closing
 * resets a connection the kernel has accepted but the server has not. At 50 ms that happened about
 * once in a few dozen SIGTERMs on a loaded two-core machine.
 */
export const QUIET_MS = 250;
export const QUIET_MAX_MS = 1000;

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
    /**
     * serving; draining (not ready, answers close their connection); settling (the listener is
     * about to close: answers keep their connection, so clients stop opening new ones); closed
     * (not listening: answers close their connection).
     */
    let phase: 'serving' | 'draining' | 'settling' | 'closed' = 'serving';
    // Connections a client keeps in its pool but no longer uses are closed during the drain, once
    // idle for a while; a connection that carries requests is closed by its next answer.
    dropOnlyLongIdle(app.server, opts.idleDropMs ?? IDLE_DROP_MS);
    let sweep: NodeJS.Timeout | undefined;
    const sweepIdle = () => {
      sweep ??= setInterval(() => app.server.closeIdleConnections(), 100).unref();
    };
    app.decorate('startDraining', () => {
      if (phase === 'serving') phase = 'draining';
      sweepIdle();
    });
    app.decorate('stopListening', async () => {
      if (phase === 'settling' || phase === 'closed') return;
      phase = 'settling';
      sweepIdle();
      if (app.server.listening) {
        await noNewConnectionsFor(app.server, opts.quietMs ?? QUIET_MS, QUIET_MAX_MS);
        app.server.close();
      }
      phase = 'closed';
    });
    app.addHook('onClose', async () => {
      clearInterval(sweep);
    });
    app.decorate('draining', {
      getter: () => phase !== 'serving',
    });
    // A balancer's pooled keep-alive connection would carry new requests here after the check
    // turned: each answer given while draining closes its connection (the client reads that it
    // does, so none sends on it afterwards), and the next one is opened to an instance that is
    // ready. Once the listener is closed, a client's next connection is refused, which it can
    // tell from a request lost.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (phase === 'draining' || phase === 'closed') reply.header('connection', 'close');
      done(null, payload);
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
        const reason = phase !== 'serving' ? 'draining' : await opts.check();
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
