import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../../read-cache.ts';

/** Distinct proxied paths kept at once; ids are in the path, so this bounds the memory used. */
const MAX_ENTRIES = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isApiWrite(request: FastifyRequest): boolean {
  return !READ_METHODS.has(request.method) && request.url.startsWith('/api/');
}

/**
 * The cache of the tracker's read answers behind /api/proxy (see ReadCache for the rule). Every
 * state-changing /api request is reported as its answer leaves, with the browser session it
 * belongs to then (a sign-up or a first hold starts one), so that session's next reads go through
 * to the tracker. The tracker has answered by then: every route waits for it before replying.
 * A refused write counts for its session too: a visitor told that the last seat of a team is
 * taken (409) must not then be shown that seat open by an older cached answer. A write with no
 * session counts only when it succeeded: a refused one changed nothing.
 */
export default fp(
  async function readCache(app: FastifyInstance) {
    const cache = new ReadCache({
      ttlMs: app.config.env.PROXY_CACHE_MS,
      maxEntries: MAX_ENTRIES,
      ...(app.config.now ? { now: app.config.now } : {}),
    });
    app.decorate('readCache', cache);
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      if (isApiWrite(request)) {
        const session = request.sessionId();
        if (session !== null) cache.writeAnswered(session);
        else if (reply.statusCode >= 200 && reply.statusCode < 300) cache.writeAnswered(null);
      }
      done(null, payload);
    });
  },
  { name: 'read-cache', dependencies: ['config', 'session'] },
);
