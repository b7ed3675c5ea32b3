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
    /**
     * A route a session signed in with a weak password may use before it has set a new one
     * (reading the session, changing the password, signing out everywhere).
     */
    beforePasswordChange?: boolean;
  }
}

export const SIGN_IN_REQUIRED = () => new HttpError('SIGN_IN_REQUIRED', 'Sign in to continue.');

export const PASSWORD_CHANGE_REQUIRED = () =>
  new HttpError(
    'PASSWORD_CHANGE_REQUIRED',
    'Choose a new password first: the one you signed in with is too easy to guess.',
  );

/** A route the member guard stands before, as Fastify registered it. */
export interface GuardedRoute {
  method: string;
  url: string;
  /** The guard lets it through signed out (`config: { signedOut: true }`). */
  signedOut: boolean;
  /** The names of its parameters: in its path, its query and its body. */
  parameters: string[];
}

/** The routes each front door's guard stands before, by the server that answers them. */
const guardedRoutes = new WeakMap<object, GuardedRoute[]>();

/** The fields of a request part's schema (a zod object's shape), when it declares them. */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape !== null && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** Every route registered behind the guard of `door` (guardMemberRoutes), in the order made. */
export function guardedRoutesOf(door: FastifyInstance): readonly GuardedRoute[] {
  return guardedRoutes.get(door.server) ?? [];
}

/** The member each request was let in as (set by the guard's hook). */
const members = new WeakMap<FastifyRequest, number>();

/**
 * The front door's API routes are guarded by construction: every route registered on `scope`
 * passes one `onRequest` check (a session with a member) before its body or query is read, so a
 * signed-out request is 401 whatever it carries. A route that works signed out says so with
 * `config: { signedOut: true }`. A session signed in with a password the tracker's rule refuses
 * is 403 PASSWORD_CHANGE_REQUIRED on every route but those marked
 * `config: { beforePasswordChange: true }`, until it has set a new one. Handlers get the member
 * through `memberRoute`, never from the session themselves.
 */
export function guardMemberRoutes(scope: FastifyInstance) {
  const table: GuardedRoute[] = [];
  guardedRoutes.set(scope.server, table);
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const inPath = [...route.url.matchAll(/:(\w+)/g)].map(([, name]) => name ?? '');
    const parameters = [
      ...new Set([
        ...inPath,
        ...fieldsOf(route.schema?.querystring),
        ...fieldsOf(route.schema?.body),
      ]),
    ];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        signedOut: route.config?.signedOut === true,
        parameters,
      });
    }
  });
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.signedOut === true) return;
    const userId = request.session.userId;
    if (userId === undefined) throw SIGN_IN_REQUIRED();
    // A password the tracker's rule refuses is replaced before anything else is done with it.
    const config = request.routeOptions.config;
    if (request.session.passwordChangeRequired === true && config.beforePasswordChange !== true) {
      throw PASSWORD_CHANGE_REQUIRED();
    }
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
