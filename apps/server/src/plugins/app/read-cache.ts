import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * The cache of the tracker's read answers behind /api/proxy (see ReadCache). The tracker client
 * reports each write it sends; as a second net, every state-changing /api request counts as a
 * write from its arrival until its answer is sent, whichever way it reaches the tracker.
 */
export default fp(
  async function readCache(app: FastifyInstance) {
    const cache = new ReadCache({ ttlMs: app.config.env.PROXY_CACHE_MS, maxEntries: MAX_ENTRIES });
    app.decorate('readCache', cache);
    const open = new WeakSet<FastifyRequest>();
    const settle = async (request: FastifyRequest) => {
      if (open.delete(request)) cache.writeSettled();
    };
    app.addHook('onRequest', async (request) => {
      if (!isApiWrite(request)) return;
      open.add(request);
      cache.writeStarted();
    });
    app.addHook('onResponse', settle);
    app.addHook('onRequestAbort', settle);
  },
  { name: 'read-cache', dependencies: ['config'] },
);
