import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { decideJoinRequest } from '../services/join-requests.ts';
import { IdParams, rowIdOr404 } from './ids.ts';

const Decision = z.enum(['approved', 'declined']);

const ListQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'declined', 'all'], {
      error: "status must be one of 'pending', 'approved', 'declined', 'all'",
    })
    .default('pending'),
});

const JoinRequestList = z.object({
  joinRequests: z.array(
    z.object({
      id: z.number(),
      status: z.enum(['pending', ...Decision.options]),
      createdAt: z.iso.datetime(),
      decidedAt: z.iso.datetime().nullable(),
      membershipId: z.number(),
      team: z.object({ id: z.number(), name: z.string() }),
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
