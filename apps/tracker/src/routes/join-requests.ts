import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { parseId, parseInput } from '../errors.ts';
import { decideJoinRequest } from '../services/join-requests.ts';

const ListQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'declined', 'all'], {
      error: "status must be one of 'pending', 'approved', 'declined', 'all'",
    })
    .default('pending'),
});

/** For operators: the API key is the permission. */
export const joinRequestRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.tracker;

  app.get('/join-requests', async (request) => {
    const { status } = parseInput(ListQuery, request.query);
    return {
      joinRequests: await ctx.repos.joinRequests.list(status === 'all' ? undefined : status),
    };
  });

  app.post('/join-requests/:id/approve', async (request) => {
    const id = parseId('Join request', (request.params as { id: string }).id);
    return decideJoinRequest(ctx, id, 'approved');
  });

  app.post('/join-requests/:id/decline', async (request) => {
    const id = parseId('Join request', (request.params as { id: string }).id);
    return decideJoinRequest(ctx, id, 'declined');
  });
};
