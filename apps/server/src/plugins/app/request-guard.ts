import { HttpError } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The only body encoding a state-changing route accepts. */
    body?: 'json' | 'multipart';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const FORBIDDEN_ORIGIN = new HttpError(
  'FORBIDDEN_ORIGIN',
  'This request must come from the site itself.',
);

/**
 * The scheme is left out on purpose: behind a TLS-terminating proxy the server sees plain HTTP
 * while the browser's Origin says https. Host (with the port made canonical) is what matters.
 */
function sameHost(origin: URL, requestHost: string): boolean {
  try {
    return new URL(`${origin.protocol}//${requestHost}`).host === origin.host;
  } catch {
    return false;
  }
}

const TWO_HOSTS = new HttpError('BAD_REQUEST', 'The request must name exactly one Host.');

function hostHeaders(raw: string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') count += 1;
  return count;
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * State-changing requests must come from the site's own pages. A cross-site form can POST
 * text/plain, form-encoded or multipart bodies without a preflight, so besides the origin check
 * each route names the one encoding it takes and everything else is refused before parsing.
 */
export default fp(
  async function requestGuard(app: FastifyInstance) {
    const allowed = new Set(app.config.env.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin));

    app.addHook('onRequest', async (request) => {
      // Node keeps the first of several Host headers; a request that names two hosts is
      // ambiguous (a cache or proxy in front may have read the other one), so it is refused.
      if (hostHeaders(request.raw.rawHeaders) > 1) throw TWO_HOSTS;
      if (SAFE_METHODS.has(request.method)) return;

      if (request.headers['sec-fetch-site'] === 'cross-site') throw FORBIDDEN_ORIGIN;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        let parsed: URL;
        try {
          parsed = new URL(origin);
        } catch {
          throw FORBIDDEN_ORIGIN;
        }
        if (!sameHost(parsed, request.host) && !allowed.has(parsed.origin)) throw FORBIDDEN_ORIGIN;
      }

      const expected = request.routeOptions.config.body;
      if (expected === 'json' && mediaType(request) !== 'application/json') {
        throw new HttpError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the request body as JSON (Content-Type: application/json).',
        );
      }
      if (expected === 'multipart' && mediaType(request) !== 'multipart/form-data') {
        throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the profile as multipart/form-data.');
      }
    });
  },
  { name: 'request-guard', dependencies: ['config', 'error-handler'] },
);
