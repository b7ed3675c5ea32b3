import { SITE_API, TRACKER_API } from '@app/contracts';
import {
  compression,
  errorHandler,
  health,
  httpMetrics,
  openApi,
  rejectNul,
  withinMs,
} from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATIONS, SECURITY_SCHEMES } from './openapi-operations.ts';
import appConfig, { type SiteConfig } from './plugins/app/config.ts';
import readCache from './plugins/app/read-cache.ts';
import requestGuard from './plugins/app/request-guard.ts';
import session from './plugins/app/session.ts';
import tracker from './plugins/app/tracker.ts';
import cookie from './plugins/external/cookie.ts';
import helmet from './plugins/external/helmet.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import loadShedding from './plugins/external/under-pressure.ts';
import apiRoutes from './routes/api.ts';
import holdRoutes from './routes/holds.ts';
import profileRoute from './routes/profile.ts';
import proxyRoutes from './routes/proxy.ts';
import signInRoute from './routes/sign-in.ts';
import statusRoute from './routes/status.ts';
import webApp from './routes/web.ts';

export type { SiteConfig };

/** The API's answers that are the same for everyone: the public reads and the API's document. */
const PUBLIC_ANSWERS = [
  ...Object.values(SITE_API)
    .filter((endpoint) => 'proxies' in endpoint && !('session' in endpoint))
    .map((endpoint) => ({ method: endpoint.method, url: endpoint.url })),
  { method: 'GET', url: '/api/openapi.json' },
].map(({ method, url }) => ({ method, path: new RegExp(`^${url.replace(/:\w+/g, '[^/]+')}$`) }));

/** Whether an answer may be about this browser's session: any under /api but the public ones. */
function isPrivateAnswer(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const path = request.url.split('?')[0] ?? '';
  return !PUBLIC_ANSWERS.some((answer) => answer.method === method && answer.path.test(path));
}

/** How long the readiness check waits for the tracker's liveness answer. */
const TRACKER_CHECK_MS = 2000;

/**
 * The site: everything the browser talks to. Plugins load in tiers (configuration, third-party
 * setup, our decorators and hooks, then routes); each declares what it depends on, so a wrong
 * order fails at boot rather than at the first request.
 */
async function app(instance: FastifyInstance, opts: { config: SiteConfig }) {
  await instance.register(appConfig, { config: opts.config });
  // First, so that every answer is counted, the ones load shedding and the rate limit give too.
  await instance.register(httpMetrics);
  await instance.register(errorHandler);

  await instance.register(helmet);
  await instance.register(loadShedding);
  await instance.register(compression);
  await instance.register(cookie);
  await instance.register(rateLimit);
  await instance.register(openApi, {
    title: 'Accountability Partners site API',
    description:
      'What the browser calls (spec section 7). Errors are JSON { message, code } with details ' +
      'for validation; state-changing requests must come from the site itself.',
    path: '/api/openapi.json',
    routeConfig: { rateLimit: instance.rateLimits.read, loadCost: 'free' },
    // Pages, static files and the proxied photos are not API operations.
    documents: (url) => url.startsWith('/api/'),
    operations: OPERATIONS,
    securitySchemes: SECURITY_SCHEMES,
  });

  await instance.register(tracker);
  // Ready while the tracker answers: without it the site can only fail requests.
  await instance.register(health, {
    check: async () => {
      const answered = instance.trackerClient.call('GET', TRACKER_API.healthLive.url).then(
        (response) => response.ok,
        () => false,
      );
      return (await withinMs(answered, TRACKER_CHECK_MS, false)) ? null : 'tracker-unreachable';
    },
  });
  await instance.register(session);
  // A private answer is kept by no cache, the browser's own included: once the person has gone,
  // the next user of the browser must not be shown their account from its HTTP cache.
  instance.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await instance.register(readCache);
  await instance.register(requestGuard);
  // PostgreSQL text cannot hold U+0000: refused before validation, so before the tracker sees it.
  instance.addHook('preValidation', (request, _reply, done) => {
    rejectNul(request.body);
    done();
  });

  await instance.register(proxyRoutes);
  await instance.register(apiRoutes);
  await instance.register(holdRoutes);
  await instance.register(profileRoute);
  await instance.register(statusRoute);
  await instance.register(signInRoute);
  await instance.register(webApp);
}

/** Not encapsulated: the error and not-found handlers are the whole server's. */
export default fp(app, { name: 'site' });
