import { TRACKER_API } from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decideJoinRequest, placeJoinRequest } from '../services/join-requests.ts';
import { rowIdOr404 } from './ids.ts';

/** For operators: the API key is the permission. */
export async function joinRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(TRACKER_API.listJoinRequests),
    handler: async (request) => ({
      joinRequests: await app.repos.joinRequests.list(
        request.query.status === 'all' ? undefined : request.query.status,
      ),
    }),
  });

  // An unmatched request (no team could be chosen at sign-up) is placed on a team by an operator.
  app.route({
    ...routeOf(TRACKER_API.placeJoinRequest),
    handler: async (request) =>
      placeJoinRequest(app, rowIdOr404('Join request', request.params.id), request.body.teamId),
  });

  app.route({
    ...routeOf(TRACKER_API.approveJoinRequest),
    handler: async (request) =>
      decideJoinRequest(app, rowIdOr404('Join request', request.params.id), 'approved'),
  });

  app.route({
    ...routeOf(TRACKER_API.declineJoinRequest),
    handler: async (request) =>
      decideJoinRequest(
        app,
        rowIdOr404('Join request', request.params.id),
        'declined',
        request.body?.reason || null,
      ),
  });
}
