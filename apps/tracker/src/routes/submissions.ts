import {
  BookingPayload,
  BookingResponse,
  FeedbackPayload,
  FeedbackResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotentHeaders,
  MESSAGES,
  NextAvailableDateResponse,
  OnboardingPayload,
  OnboardingResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nextSlot } from '../schedule.ts';
import { bookInfoCall } from '../services/bookings.ts';

export async function submissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos, trackerConfig: config } = app;

  app.get(
    '/bookings/next-available-date',
    { schema: { response: { 200: NextAvailableDateResponse } } },
    async () => ({ date: nextSlot(config.now(), config.bookingWeekdays).toISOString() }),
  );

  app.post(
    '/bookings',
    {
      schema: {
        headers: IdempotentHeaders,
        body: BookingPayload,
        response: { 201: BookingResponse },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const { id, slot } = await bookInfoCall(app, request.body, key);
      return reply
        .code(201)
        .send({ message: MESSAGES.bookingConfirmed, id, date: slot.toISOString() });
    },
  );

  app.post(
    '/feedback',
    {
      schema: {
        headers: IdempotentHeaders,
        body: FeedbackPayload,
        response: { 201: FeedbackResponse },
      },
    },
    async (request, reply) => {
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const id = await repos.submissions.addFeedback({ ...request.body, idempotencyKey });
      return reply.code(201).send({ message: 'Thank you for your feedback.', id });
    },
  );

  app.post(
    '/onboarding',
    { schema: { body: OnboardingPayload, response: { 201: OnboardingResponse } } },
    async (request, reply) => {
      const id = await repos.submissions.addOnboarding(request.body);
      return reply.code(201).send({ message: 'Your selection has been saved.', id });
    },
  );
}
