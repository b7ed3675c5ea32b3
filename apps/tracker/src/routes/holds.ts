import { HOLD_OWNER_HEADER, TRACKER_API } from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHold, extendHold, releaseHold } from '../services/holds.ts';
import { handOverHold } from '../services/team-search.ts';

/** Every hold call names its owner; the site derives the key from the browser's session. */
export async function holdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(TRACKER_API.createHold),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createHold(app, request.headers[HOLD_OWNER_HEADER], request.body.teamId)),
  });

  app.route({
    ...routeOf(TRACKER_API.extendHold),
    handler: async (request) =>
      extendHold(app, request.headers[HOLD_OWNER_HEADER], request.params.id),
  });

  app.route({
    ...routeOf(TRACKER_API.handOverHold),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await handOverHold(
            app,
            request.headers[HOLD_OWNER_HEADER],
            request.params.id,
            request.body.email,
          ),
        ),
  });

  app.route({
    ...routeOf(TRACKER_API.releaseHold),
    handler: async (request, reply) => {
      await releaseHold(app, request.headers[HOLD_OWNER_HEADER], request.params.id);
      return reply.code(204).send();
    },
  });
}
