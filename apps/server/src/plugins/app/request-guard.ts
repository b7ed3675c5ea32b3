import { HttpError, isSafeMethod, originGuard } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The only body encoding a state-changing route accepts. */
    body?: 'json' | 'multipart';
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
    // A client that sends no Origin is no browser, so no cross-site page can be driving it.
    const checkOrigin = originGuard({
      origins: app.config.env.ALLOWED_ORIGINS,
      sameHost: true,
      requireOrigin: false,
      message: 'This request must come from the site itself.',
    });

    const guard = (request: FastifyRequest) => {
      // Node keeps the first of several Host headers; a request that names two hosts is
      // ambiguous (a cache or proxy in front may have read the other one), so it is refused.
      if (hostHeaders(request.raw.rawHeaders) > 1) throw TWO_HOSTS;
      checkOrigin(request);
      if (isSafeMethod(request.method)) return;

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
    };
    // A plain (callback) hook: no promise per request. A throw refuses the request as before.
    app.addHook('onRequest', (request, _reply, done) => {
      guard(request);
      done();
    });
  },
  { name: 'request-guard', dependencies: ['config', 'error-handler'] },
);
