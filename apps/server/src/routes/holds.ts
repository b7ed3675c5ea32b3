import { ERROR_CODES, HOLD_OWNER_HEADER, SITE_API, TRACKER_API } from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { holdOwnerKey } from '../plugins/app/session.ts';

/**
 * Held seats: a seat on a team kept for this browser while its visitor decides and signs up.
 * A hold belongs to the browser session that made it: the tracker knows it by a key derived from
 * the session id, so another browser's request names no hold it can see (404).
 */
export default async function holdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.sessionSecret;

  /** The owner key of this browser's session; a browser with no session holds nothing. */
  function owner(request: FastifyRequest) {
    const session = request.sessionId();
    if (session === null) {
      throw new HttpError(ERROR_CODES.HOLD_NOT_FOUND, 'Hold not found');
    }
    return { [HOLD_OWNER_HEADER]: holdOwnerKey(secret, session) };
  }

  app.route({
    ...routeOf(SITE_API.createHold),
    config: { body: 'json' },
    onRequest: app.writeLimit,
    handler: async (request, reply) => {
      const headers = { [HOLD_OWNER_HEADER]: holdOwnerKey(secret, reply.ensureSession()) };
      const answer = await app.trackerClient.request(TRACKER_API.createHold, {
        json: request.body,
        headers,
      });
      return reply.code(201).send(answer);
    },
  });

  app.route({
    ...routeOf(SITE_API.extendHold),
    onRequest: app.writeLimit,
    handler: async (request) =>
      app.trackerClient.request(TRACKER_API.extendHold, {
        params: request.params,
        headers: owner(request),
      }),
  });

  // The account step's address has an account: the seat goes with the person to the tracker's
  // sign-in, by a token bound to that address (the tracker's sign-in link carries it).
  app.route({
    ...routeOf(SITE_API.handOverHold),
    config: { body: 'json' },
    onRequest: app.writeLimit,
    handler: async (request, reply) => {
      const answer = await app.trackerClient.request(TRACKER_API.handOverHold, {
        params: request.params,
        json: request.body,
        headers: owner(request),
      });
      return reply.code(201).send(answer);
    },
  });

  app.route({
    ...routeOf(SITE_API.releaseHold),
    onRequest: app.writeLimit,
    handler: async (request, reply) => {
      await app.trackerClient.request(TRACKER_API.releaseHold, {
        params: request.params,
        headers: owner(request),
      });
      return reply.code(204).send();
    },
  });
}
