import { TeamIdField } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { decideJoinRequest, placeJoinRequest } from '../services/join-requests.ts';
import { IdParams, rowIdOr404 } from './ids.ts';

const Decision = z.enum(['approved', 'declined']);

const ListQuery = z.object({
  status: z
    .enum(['unmatched', 'pending', 'approved', 'declined', 'all'], {
      error: "status must be one of 'unmatched', 'pending', 'approved', 'declined', 'all'",
    })
    .default('pending'),
});

const JoinRequestList = z.object({
  joinRequests: z.array(
    z.object({
      id: z.number(),
      status: z.enum(['unmatched', 'pending', ...Decision.options]),
      createdAt: z.iso.datetime(),
      decidedAt: z.iso.datetime().nullable(),
      /** Null while unmatched: no team was chosen at sign-up; an operator places the request. */
      membershipId: z.number().nullable(),
      team: z.object({ id: z.number(), name: z.string() }).nullable(),
      user: z.object({
        id: z.number(),
        name: z.string(),
        email: z.string(),
        goalSummary: z.string().nullable(),
        emailConfirmed: z.boolean(),
      }),
    }),
  ),
});

const DecisionAnswer = z.object({ id: z.number(), status: Decision });

const PlacePayload = z.object({ teamId: TeamIdField });
const PlaceAnswer = z.object({
  id: z.number(),
  status: z.literal('pending'),
  team: z.object({ id: z.number(), name: z.string() }),
});

/** For operators: the API key is the permission. */
export async function joinRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/join-requests',
    { schema: { querystring: ListQuery, response: { 200: JoinRequestList } } },
    async (request) => ({
      joinRequests: await app.repos.joinRequests.list(
        request.query.status === 'all' ? undefined : request.query.status,
      ),
    }),
  );

  // An unmatched request (no team could be chosen at sign-up) is placed on a team by an operator.
  app.post(
    '/join-requests/:id/place',
    { schema: { params: IdParams, body: PlacePayload, response: { 200: PlaceAnswer } } },
    async (request) =>
      placeJoinRequest(app, rowIdOr404('Join request', request.params.id), request.body.teamId),
  );

  for (const decision of Decision.options) {
    const verb = decision === 'approved' ? 'approve' : 'decline';
    app.post(
      `/join-requests/:id/${verb}`,
      { schema: { params: IdParams, response: { 200: DecisionAnswer } } },
      async (request) =>
        decideJoinRequest(app, rowIdOr404('Join request', request.params.id), decision),
    );
  }
}
