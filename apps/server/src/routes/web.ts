import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundError } from '../errors.ts';

/** Vite puts content-hashed files under assets/: they never change, so browsers keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, images/) is revalidated so a new build shows at once. */
const REVALIDATE = 'no-cache';

/** /api and /uploads belong to the server and the tracker; the web app never answers there. */
function isServerPath(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/uploads' ||
    path.startsWith('/uploads/')
  );
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (isServerPath(path)) return false;
  // A missing file (/assets/old.js, /favicon.png) is a 404, not the app shell.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
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
        allowedPath: (path) => !isServerPath(path),
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
        throw notFoundError(request.method, request.url);
      },
    );
  },
  { name: 'web-app', dependencies: ['config', 'rate-limits'] },
);
