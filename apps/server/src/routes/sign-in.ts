import type { FastifyInstance } from 'fastify';

/**
 * GET /sign-in: the header's Sign In (spec 2) leads to the tracker's sign-in page on its own
 * origin. Kept as a redirect so that one build of the web app works wherever the tracker is:
 * TRACKER_PUBLIC_URL is read when the site starts.
 */
export default async function signInRoute(app: FastifyInstance) {
  const target = new URL('/sign-in', app.config.env.TRACKER_PUBLIC_URL).href;
  app.get(
    '/sign-in',
    { config: { rateLimit: app.rateLimits.read }, schema: { hide: true } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').redirect(target, 302),
  );
}
