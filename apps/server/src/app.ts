import { TRACKER_API } from '@app/contracts';
import {
  compression,
  errorHandler,
  health,
  httpMetrics,
  openApi,
  rejectNul,
  withinMs,
} from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
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
