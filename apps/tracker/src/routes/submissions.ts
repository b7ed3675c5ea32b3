import { IDEMPOTENCY_KEY_HEADER, MESSAGES, TRACKER_API } from '@app/contracts';
import { routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nextSlot } from '../schedule.ts';
import { bookInfoCall } from '../services/bookings.ts';

export async function submissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos, trackerConfig: config } = app;

  app.route({
    ...routeOf(TRACKER_API.nextAvailableDate),
    handler: async () => ({
      date: nextSlot(config.now(), config.bookingWeekdays).toISOString(),
    }),
  });

  app.route({
    ...routeOf(TRACKER_API.createBooking),
    handler: async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const { id, slot } = await bookInfoCall(app, request.body, key);
      return reply
        .code(201)
        .send({ message: MESSAGES.bookingConfirmed, id, date: slot.toISOString() });
    },
  });

  app.route({
    ...routeOf(TRACKER_API.createFeedback),
    handler: async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const id = await repos.submissions.addFeedback({ ...request.body, idempotencyKey });
      return reply.code(201).send({ message: 'Thank you for your feedback.', id });
    },
  });

  app.route({
    ...routeOf(TRACKER_API.createOnboarding),
    handler: async (request, reply) => {
      const id = await repos.submissions.addOnboarding(request.body);
      return reply.code(201).send({ message: 'Your selection has been saved.', id });
    },
  });
}
