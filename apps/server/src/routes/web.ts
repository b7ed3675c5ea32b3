import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../errors.ts';

/** Vite puts content-hashed files under assets/: they never change, so browsers keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, images/) is revalidated so a new build shows at once. */
const REVALIDATE = 'no-cache';

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/')) return false;
  // A missing file (/assets/old.js, /favicon.png) is a 404, not the app shell.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return reply
    .code(404)
    .send({ message: `Nothing here: ${request.method} ${path}`, code: ERROR_CODES.notFound });
}

/**
 * The built web app with history-API fallback: any page URL answers index.html and the client
 * router decides (its own not-found page included); unknown /api/* stays a JSON 404.
 */
export default fp(
  async function webApp(app: FastifyInstance) {
    const dist = app.config.env.WEB_DIST;
    const built = existsSync(join(dist, 'index.html'));
    const assets = `${join(dist, 'assets')}${sep}`;

    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        },
      });
    } else {
      app.log.warn(
        { dist },
        'web app not built: pages answer 404 until `pnpm --filter @app/web build`',
      );
    }

    app.setNotFoundHandler(
      { preHandler: app.rateLimit(app.rateLimits.read) },
      async (request, reply) => {
        if (built && isPageRequest(request)) {
          return reply.sendFile('index.html');
        }
        return notFound(request, reply);
      },
    );
  },
  { name: 'web-app', dependencies: ['config', 'rate-limits'] },
);
