import type { Endpoint } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A front-door API route that works without a session (signing in, a reset or mailed link,
     * whose token is the credential): the member guard lets it through, visibly.
     */
    signedOut?: boolean;
  }
}

export const SIGN_IN_REQUIRED = () => new HttpError('SIGN_IN_REQUIRED', 'Sign in to continue.');

/** The member each request was let in as (set by the guard's hook). */
const members = new WeakMap<FastifyRequest, number>();

/**
 * The front door's API routes are guarded by construction: every route registered on `scope`
 * passes one `onRequest` check (a session with a member) before its body or query is read, so a
 * signed-out request is 401 whatever it carries. A route that works signed out says so with
 * `config: { signedOut: true }`. Handlers get the member through `memberRoute`, never from
 * the session themselves.
 */
export function guardMemberRoutes(scope: FastifyInstance) {
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.signedOut === true) return;
    const userId = request.session.userId;
    if (userId === undefined) throw SIGN_IN_REQUIRED();
    members.set(request, userId);
  });
}

/** The member the guard let `request` in as; 401 on a route the guard did not check. */
export function guardedMember(request: FastifyRequest): number {
  const userId = members.get(request);
  if (userId === undefined) throw SIGN_IN_REQUIRED();
  return userId;
}

/** The handler Fastify types for `endpoint`'s route (routeOf) under the zod type provider. */
type HandlerOf<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  E['schema'] & { summary: string },
  ZodTypeProvider
>;

/**
 * A guarded route for `endpoint` (routeOf), whose handler is given the member the guard let in:
 * `app.route(memberRoute(MEMBER_API.getHome, async (request, member) => ...))`.
 */
export function memberRoute<E extends Endpoint>(
  endpoint: E,
  handle: (
    request: Parameters<HandlerOf<E>>[0],
    member: number,
    reply: Parameters<HandlerOf<E>>[1],
  ) => ReturnType<HandlerOf<E>>,
) {
  const handler: HandlerOf<E> = (request, reply) => handle(request, guardedMember(request), reply);
  return { ...routeOf(endpoint), handler };
}
