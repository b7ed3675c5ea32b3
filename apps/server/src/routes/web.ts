import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { UPLOADS_PATH } from '@app/contracts';
import { isCspHashSource, noRoute } from '@app/server-kit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_KEY, type NotFoundEntry, pageFor } from '../page-for.ts';

/** Vite puts content-hashed files under assets/: they never change, so browsers keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, images/) is revalidated so a new build shows at once. */
const REVALIDATE = 'no-cache';

/** /api and the photos belong to the server and the tracker; the web app never answers there. */
function isServerPath(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === UPLOADS_PATH ||
    path.startsWith(`${UPLOADS_PATH}/`)
  );
}

/** A page rendered at build time (apps/web/scripts/prerender.mjs writes the list). */
interface PrerenderedPage {
  file: string;
  /** CSP sources ('sha256-...') of the page's inline <style> elements. */
  styleHashes: string[];
  /** CSP sources of the values of its style="..." attributes. */
  styleAttributeHashes: string[];
  /** CSP sources of its inline <script> elements (the boot script of a page that is read). */
  scriptHashes: string[];
}

function isHashList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isCspHashSource);
}

type NotFoundPage = PrerenderedPage & NotFoundEntry;

/** What dist/prerendered.json lists: the pages by path, and the not-found page if built. */
interface Prerendered {
  pages: Map<string, PrerenderedPage>;
  notFound: NotFoundPage | null;
}

function isPrefixList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.every((prefix) => typeof prefix === 'string' && prefix.startsWith('/'))
  );
}

/** dist/prerendered.json, checked; an unreadable list means no prerendered pages (the shell). */
function readPrerendered(dist: string): Prerendered {
  const prerendered: Prerendered = { pages: new Map(), notFound: null };
  const listFile = join(dist, 'prerendered.json');
  if (!existsSync(listFile)) return prerendered;
  const list: unknown = JSON.parse(readFileSync(listFile, 'utf8'));
  if (typeof list !== 'object' || list === null) return prerendered;
  for (const [path, value] of Object.entries(list)) {
    if (typeof value !== 'object' || value === null) continue;
    const {
      file,
      styleHashes,
      styleAttributeHashes = [],
      scriptHashes = [],
      notUnder,
    } = value as Record<string, unknown>;
    if (
      typeof file === 'string' &&
      file.startsWith('prerendered/') &&
      !file.includes('..') &&
      existsSync(join(dist, file)) &&
      isHashList(styleHashes) &&
      isHashList(styleAttributeHashes) &&
      isHashList(scriptHashes)
    ) {
      const page = { file, styleHashes, styleAttributeHashes, scriptHashes };
      if (path !== NOT_FOUND_KEY) prerendered.pages.set(path, page);
      else if (isPrefixList(notUnder)) prerendered.notFound = { ...page, notUnder };
    }
  }
  return prerendered;
}

/**
 * The page policy, allowing the page's own inline styles and scripts by hash and nothing else
 * inline: its <style> elements in style-src, its style attributes in style-src-attr
 * ('unsafe-hashes' is what lets a hash match an attribute; any other attribute value stays
 * blocked), its <script> elements in script-src.
 */
export function pagePolicy(policy: string, page: PrerenderedPage): string {
  const quote = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`).join(' ');
  const withHashes = (directive: string, name: string, hashes: readonly string[]) =>
    hashes.length > 0 && (directive === name || directive.startsWith(`${name} `))
      ? `${directive} ${quote(hashes)}`
      : directive;
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) =>
      withHashes(
        withHashes(directive, 'style-src', page.styleHashes),
        'script-src',
        page.scriptHashes,
      ),
    );
  if (page.styleAttributeHashes.length > 0) {
    directives.push(`style-src-attr 'unsafe-hashes' ${quote(page.styleAttributeHashes)}`);
  }
  return directives.join(';');
}

/** /pricing and /pricing/ are one page; the query string plays no part. */
function pagePath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
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
 * The built web app with history-API fallback: a page of the route table answers its prerendered
 * HTML (which the app hydrates); any other page URL answers the prerendered not-found page, or,
 * under a route with parameters (or with no such page built), the index.html shell, and the client
 * router decides; unknown /api/* stays a JSON 404.
 */
export default fp(
  async function webApp(app: FastifyInstance) {
    const dist = app.config.env.WEB_DIST;
    const built = existsSync(join(dist, 'index.html'));
    const assets = `${join(dist, 'assets')}${sep}`;
    const prerendered: Prerendered = built
      ? readPrerendered(dist)
      : { pages: new Map(), notFound: null };

    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        cacheControl: false,
        // "/" is a page like any other (prerendered, else the shell): see the not-found handler.
        index: false,
        allowedPath: (path) => !isServerPath(path) && !path.startsWith('/prerendered'),
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

    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const page = pageFor(prerendered.pages, prerendered.notFound, pagePath(request.url));
      if (!page) return reply.sendFile('index.html');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', pagePolicy(policy, page));
      }
      return reply.sendFile(page.file);
    };

    if (built) app.get('/', async (request, reply) => sendPage(request, reply));

    // Unknown paths are limited like reads; a page never is, so a deep link opens the page and
    // never a JSON 429 (its files are static and cheap to send).
    const limitUnknown = app.rateLimit(app.rateLimits.read);
    app.setNotFoundHandler(
      {
        preHandler: async function limitUnlessPage(
          this: FastifyInstance,
          request: FastifyRequest,
          reply: FastifyReply,
        ) {
          if (built && isPageRequest(request)) return;
          return limitUnknown.call(this, request, reply);
        },
      },
      async (request, reply) => {
        if (built && isPageRequest(request)) return sendPage(request, reply);
        throw noRoute(request.method, request.url);
      },
    );
  },
  { name: 'web-app', dependencies: ['config', 'rate-limits'] },
);
