import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { notFoundError } from '../errors.ts';
import { trackerTimeout, trackerUnavailable } from '../plugins/app/tracker.ts';

/** Digits only (the contracts' PathId rule), so no path trick reaches the tracker. */
const ID = ':id(^[1-9]\\d{0,9}$)';

/** The only reads the browser may make of the tracker (spec 7); anything else is a 404. */
export const PROXIED_READS = [
  '/teams',
  `/teams/${ID}`,
  `/users/${ID}`,
  '/focus-areas',
  '/role-areas',
];

/** Upload keys as the tracker makes them (seed/ada.svg, u/3f9c....webp): no dot-segments, no escapes. */
const UPLOAD_PATH = /^\/uploads\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Upstream headers worth passing on; the rest (cookies, server banners) stay behind. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  // The tracker's own policy for uploaded files (no script, sandboxed) wins over the page policy.
  'content-security-policy',
  'x-content-type-options',
];

function keepHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const name of PASSED_HEADERS) {
    if (headers[name] !== undefined) kept[name] = headers[name];
  }
  return kept;
}

function sendUpstreamError(reply: { send(payload: Error): unknown }, { error }: { error: Error }) {
  const code = 'code' in error ? String(error.code) : '';
  const timedOut = /Timeout/i.test(error.name) || /TIMEOUT/.test(code);
  reply.send(timedOut ? trackerTimeout() : trackerUnavailable());
}

/**
 * Transparent reads of the tracker through @fastify/http-proxy: the API key is added here, on the
 * server, and every browser header that could identify the visitor is left out.
 */
export default async function proxyRoutes(app: FastifyInstance) {
  const { tracker, env } = app.config;
  const timeout = env.TRACKER_TIMEOUT_MS;
  const upstreamOptions = {
    upstream: tracker.url,
    httpMethods: ['GET'],
    disableRequestLogging: true,
    undici: { connect: { timeout }, headersTimeout: timeout, bodyTimeout: timeout },
  };
  const replyOptions = {
    onError: sendUpstreamError,
    // No retries: a slow or failing tracker must answer the browser quickly (spec 4's fallbacks).
    retryDelay: () => null,
    rewriteHeaders: keepHeaders,
    // Query strings are not part of any listed read; dropping them keeps the upstream URL fixed.
    queryString: () => '',
  };

  await app.register(httpProxy, {
    ...upstreamOptions,
    prefix: '/api/proxy',
    routes: PROXIED_READS,
    config: { rateLimit: app.rateLimits.read },
    replyOptions: {
      ...replyOptions,
      rewriteRequestHeaders: (_request, headers) => ({
        host: headers.host,
        accept: 'application/json',
        'x-api-key': tracker.apiKey,
      }),
    },
  });

  // Uploaded and seed photos are public in the tracker: no key goes with them.
  await app.register(httpProxy, {
    ...upstreamOptions,
    prefix: '/uploads',
    rewritePrefix: '/uploads',
    config: { rateLimit: app.rateLimits.read },
    preHandler: (request, _reply, done) => {
      const path = request.url.split('?')[0] ?? '';
      done(UPLOAD_PATH.test(path) ? undefined : notFoundError(request.method, request.url));
    },
    replyOptions: {
      ...replyOptions,
      rewriteRequestHeaders: (request, headers) => ({
        host: headers.host,
        accept: request.headers.accept ?? '*/*',
        ...(request.headers['if-none-match']
          ? { 'if-none-match': request.headers['if-none-match'] }
          : {}),
        ...(request.headers['if-modified-since']
          ? { 'if-modified-since': request.headers['if-modified-since'] }
          : {}),
      }),
    },
  });
}
