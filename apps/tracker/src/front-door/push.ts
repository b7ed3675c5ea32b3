import { PUSH_API } from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushSettingsOf,
  setReminderChannel,
  subscribePush,
  unsubscribePush,
} from '../services/push.ts';
import { memberOf } from './routes.ts';

/** The session's member's devices that get push reminders, and how their reminder goes. */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(PUSH_API.getPush),
    handler: async (request) => pushSettingsOf(app, memberOf(request)),
  });

  app.route({
    ...routeOf(PUSH_API.setChannel),
    handler: async (request) => setReminderChannel(app, memberOf(request), request.body.channel),
  });

  app.route({
    ...routeOf(PUSH_API.subscribe),
    handler: async (request, reply) =>
      reply.code(201).send(await subscribePush(app, memberOf(request), request.body)),
  });

  app.route({
    ...routeOf(PUSH_API.unsubscribe),
    handler: async (request) => unsubscribePush(app, memberOf(request), request.body.endpoint),
  });
}
