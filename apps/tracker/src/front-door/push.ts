import { PUSH_API } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushSettingsOf,
  setReminderChannel,
  subscribePush,
  unsubscribePush,
} from '../services/push.ts';
import { memberRoute } from './member-guard.ts';

/** The session's member's devices that get push reminders, and how their reminder goes. */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route(memberRoute(PUSH_API.getPush, async (_request, member) => pushSettingsOf(app, member)));

  app.route(
    memberRoute(PUSH_API.setChannel, async (request, member) =>
      setReminderChannel(app, member, request.body.channel),
    ),
  );

  app.route(
    memberRoute(PUSH_API.subscribe, async (request, member, reply) =>
      reply.code(201).send(await subscribePush(app, member, request.body)),
    ),
  );

  app.route(
    memberRoute(PUSH_API.unsubscribe, async (request, member) =>
      unsubscribePush(app, member, request.body.endpoint),
    ),
  );
}
