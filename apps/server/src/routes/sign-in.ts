import type { FastifyInstance } from 'fastify';

/** `next` as the tracker's sign-in takes it: a path on its origin, never `//host` or `/\host`. */
function nextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is being refused
  return /[\u0000-\u001f\u007f]/.test(value) ? null : value;
}

/**
 * GET /sign-in: the header's Sign In (spec 2) leads to the tracker's sign-in page on its own
 * origin. Kept as a redirect so that one build of the web app works wherever the tracker is:
 * TRACKER_PUBLIC_URL is read when the server starts. `?next=` (a path on the tracker, where to go
 * after signing in) is passed on; anything else is dropped.
 */
export default async function signInRoute(app: FastifyInstance) {
  const base = new URL('/sign-in', app.config.env.TRACKER_PUBLIC_URL);
  app.get<{ Querystring: { next?: unknown } }>(
    '/sign-in',
    { config: { rateLimit: app.rateLimits.read }, schema: { hide: true } },
    async (request, reply) => {
      const next = nextPath(request.query.next);
      const target = new URL(base);
      if (next !== null) target.searchParams.set('next', next);
      return reply.header('cache-control', 'no-cache').redirect(target.href, 302);
    },
  );
}
