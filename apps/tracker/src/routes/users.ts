import { HOLD_OWNER_HEADER, IDEMPOTENCY_KEY_HEADER, TRACKER_API } from '@app/contracts';
import { registerProfileMultipart, routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateProfile } from '../services/profile.ts';
import { confirmEmail, createUser, resendConfirmation, signIn } from '../services/users.ts';
import { rowIdOr404 } from './ids.ts';

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerProfileMultipart(app);

  app.route({
    ...routeOf(TRACKER_API.createUser),
    handler: async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const holdOwner = request.headers[HOLD_OWNER_HEADER];
      return reply.code(201).send(await createUser(app, request.body, key, holdOwner));
    },
  });

  app.route({
    ...routeOf(TRACKER_API.updateProfile),
    handler: async (request) => updateProfile(app, rowIdOr404('User', request.params.id), request),
  });

  app.route({
    ...routeOf(TRACKER_API.signIn),
    handler: async (request) => signIn(app, request.body),
  });

  app.route({
    ...routeOf(TRACKER_API.confirmEmail),
    handler: async (request) => confirmEmail(app, request.body.token),
  });

  // 202 whether or not the address has an account waiting for confirmation (see RESEND_LIMITS).
  app.route({
    ...routeOf(TRACKER_API.resendConfirmation),
    handler: async (request, reply) => {
      const { answer } = await resendConfirmation(app, request.body.email);
      return reply.code(202).send(answer);
    },
  });
}
