import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  MEMBER_API_PREFIX,
  MEMBER_SESSION_ABSOLUTE_HOURS,
  MEMBER_SESSION_IDLE_MINUTES,
  UPLOADS_PATH,
} from '@app/contracts';
import {
  clientErrorHandler,
  compression,
  errorHandler,
  health,
  httpMetrics,
  loadOrCreateSecret,
  noRoute,
  openApi,
  originGuard,
  rejectNul,
  requestTimeouts,
  securityHeaders,
  trustProxyHops,
} from '@app/server-kit';
import cookie from '@fastify/cookie';
import session from '@fastify/session';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { databaseCheck } from '../app.ts';
import { loggableError } from '../errors.ts';
import { uploadRoutes } from '../routes/uploads.ts';
import { attemptLimits } from './attempts.ts';
import { checkInRoutes } from './check-ins.ts';
import { consoleRoutes } from './console.ts';
import { guardMemberRoutes } from './member-guard.ts';
import { readPrerendered } from './prerendered.ts';
import { pushRoutes } from './push.ts';
import { reminderRoutes } from './reminders.ts';
import { memberRoutes } from './routes.ts';
import { databaseSessionStore } from './session-store.ts';

/**
 * Vite's content-hashed files never change; everything else is revalidated, the service worker
 * (/sw.js) included, so a release reaches an installed app at its next start.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The front door's session secret, when TRACKER_SESSION_SECRET does not give one. */
export const SESSION_SECRET_FILE = 'tracker-session-secret';

/** The front door's cookie name: `__Host-` (no Domain, Path=/, Secure) whenever served over HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-tracker_session' : 'tracker_session';
}

/**
 * The tracker's front door on its public origin: the tracker web app (members and operators) and
 * the JSON API it calls, signed in by a session cookie. It shares the API instance's database,
 * repositories, mailer, photo storage and hashing pool, so both answer from one state.
 */
export async function buildFrontDoor(
  api: FastifyInstance,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const config = api.trackerConfig;
  // Behind a balancer the peer is the balancer: its sign-in throttling counts per client address.
  const app = Fastify({
    loggerInstance: logger,
    clientErrorHandler,
    trustProxy: trustProxyHops(config.trustProxy),
    // The site's default budgets: 10 s for a request's headers, 60 s for the whole request.
    ...requestTimeouts(),
    // A request that arrives on an open connection while closing is served, not refused 503.
    return503OnClosing: false,
  });
  app.removeContentTypeParser('text/plain');
  app.decorate('trackerConfig', api.trackerConfig);
  app.decorate('database', api.database);
  app.decorate('repos', api.repos);
  app.decorate('mailer', api.mailer);
  app.decorate('push', api.push);
  app.decorate('storage', api.storage);
  app.decorate('signups', api.signups);
  app.decorate('trackerMetrics', api.trackerMetrics);
  // The front door's answers are counted with the API's: one set of figures per tracker.
  await app.register(httpMetrics, { metrics: api.metrics });
  await app.register(errorHandler, { loggable: loggableError });
  await app.register(openApi, {
    title: 'Tracker front door API',
    description:
      'What the tracker web app calls on its own origin. Sign in first (POST /api/session); ' +
      'state-changing requests must come from this origin.',
    path: `${MEMBER_API_PREFIX}/openapi.json`,
    documents: (url) => url.startsWith(`${MEMBER_API_PREFIX}/`),
  });

  const webDir = config.webDir;
  const built = existsSync(path.join(webDir, 'index.html'));
  const prerendered = readPrerendered(webDir);

  const secure = new URL(config.publicUrl).protocol === 'https:';
  await app.register(securityHeaders, {
    https: secure,
    // The members' app is installable: its service worker (/sw.js) and manifest come from this
    // origin only, said outright rather than left to default-src.
    extraDirectives: { workerSrc: ["'self'"], manifestSrc: ["'self'"] },
    // The pages' one inline <style>, the app's styles, and the prerendered pages' one inline
    // <script>, which holds a tap made before the app's scripts run (the web app's prerender.ts).
    styleHashes: prerendered.styleHashes,
    scriptHashes: prerendered.scriptHashes,
  });

  // State-changing requests must come from this origin's own pages (SameSite=Lax covers the
  // cookie; the Origin check covers everything else, e.g. a sibling site on the same registrable
  // domain). Every caller is a browser, so a request without an Origin is refused too.
  const checkOrigin = originGuard({
    origins: [config.publicUrl],
    sameHost: false,
    requireOrigin: true,
    message: 'This request must come from the tracker itself.',
  });
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.fromMailClient) return;
    checkOrigin(request);
  });
  app.addHook('preValidation', async (request) => rejectNul(request.body));

  const secret =
    config.sessionSecret ??
    (await loadOrCreateSecret({
      file: path.join(config.dataDir, SESSION_SECRET_FILE),
      generate: () => randomBytes(32).toString('base64url'),
      isValid: (value) => value.length >= 32,
      expected: 'a secret of at least 32 characters',
    }));
  await app.register(cookie);
  await app.register(session, {
    secret,
    cookieName: sessionCookieName(secure),
    // A cookie for this browser session only; the server ends it at its idle or absolute limit.
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    saveUninitialized: false,
    rolling: false,
    store: databaseSessionStore(app.repos, {
      idleMs: MEMBER_SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: MEMBER_SESSION_ABSOLUTE_HOURS * 3_600_000,
      now: config.now,
    }),
  });

  // Every API answer here is a member's or an operator's, or says who is signed in: none is kept
  // by a cache, the browser's own included, so nothing of theirs is read from it once they have
  // signed out.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${MEMBER_API_PREFIX}/`))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(health, { check: databaseCheck(app) });
  app.decorate('attempts', await attemptLimits(app));
  // Every API route of a member or an operator, behind the member guard's one hook.
  await app.register(async (api) => {
    guardMemberRoutes(api);
    await api.register(memberRoutes);
    await api.register(consoleRoutes);
    await api.register(checkInRoutes);
    await api.register(reminderRoutes);
    await api.register(pushRoutes);
  });
  await app.register(uploadRoutes);

  if (built) {
    // The app's scripts and pages go out compressed, as the site's do.
    await app.register(compression);
    const assets = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: webDir,
      cacheControl: false,
      index: false,
      // The build's .br and .gz files, for browsers that take them.
      preCompressed: true,
      allowedPath: (url) =>
        !url.startsWith(`${MEMBER_API_PREFIX}/`) && !url.startsWith(UPLOADS_PATH),
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.includes(assets) ? IMMUTABLE : 'no-cache');
      },
    });
    // The static files answer every other path; "/" is the app's shell like any page.
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .sendFile(prerendered.fileFor(request.url) ?? 'index.html'),
    );
    // A prerendered form sent where no script runs at all (the page's early-taps script holds one
    // sent before the app's scripts have taken it over) arrives as a plain POST of its fields (the
    // forms say method="post", so nothing typed lands in an address or a log): the page opens
    // again.
    await app.register(async (forms) => {
      forms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 8192 },
        (_request, _body, done) => done(null, undefined),
      );
      for (const page of prerendered.formPages()) {
        forms.post(page, { schema: { hide: true } }, async (request, reply) =>
          reply.redirect(request.url, 303),
        );
      }
    });
  } else {
    app.log.warn(`the tracker web app is not built (${webDir}): run pnpm start, which builds it`);
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? request.url;
    const page =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith(`${MEMBER_API_PREFIX}/`) &&
      !url.startsWith(`${UPLOADS_PATH}/`);
    if (!page) throw noRoute(request.method, request.url);
    // A public page rendered at build time is sent as it is (the app hydrates it); every other
    // page is the app's shell, whose router draws the page or its own not-found screen.
    return reply
      .header('cache-control', 'no-cache')
      .sendFile(prerendered.fileFor(request.url) ?? 'index.html');
  });
  await app.ready();
  return app;
}
