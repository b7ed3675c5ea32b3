import {
  BookingPayload,
  BookingResponse,
  ConfirmEmailPayload,
  ConfirmEmailResponse,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  FeedbackResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  NextAvailableDateResponse,
  OnboardingPayload,
  OnboardingResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { trackerAnswer } from '../plugins/app/tracker.ts';
import { parseInput } from '../validation.ts';

/** The JSON calls of spec section 7: validated here, then carried out by the tracker. */
export default async function apiRoutes(app: FastifyInstance) {
  const { read, write, signup } = app.rateLimits;
  const jsonWrite = { body: 'json' as const, rateLimit: write };

  app.post('/api/onboarding', { config: jsonWrite }, async (request, reply) => {
    const payload = parseInput(OnboardingPayload, request.body);
    const response = await app.trackerClient.send('POST', '/onboarding', { json: payload });
    return reply.code(201).send(trackerAnswer(OnboardingResponse, response));
  });

  app.post(
    '/api/users',
    { config: { body: 'json', rateLimit: signup } },
    async (request, reply) => {
      const payload = parseInput(CreateUserPayload, request.body);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const headers: Record<string, string> = {};
      if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = parseInput(IdempotencyKey, key);
      // No time limit: the tracker answers a full queue at once with 503, and a sign-up that has
      // started must not be reported as failed while it goes on to create the account.
      const response = await app.trackerClient.send('POST', '/users', {
        json: payload,
        headers,
        timeout: false,
      });
      const created = trackerAnswer(CreateUserResponse, response);
      reply.startSession(String(created.user.id));
      return reply.code(201).send(created);
    },
  );

  app.get('/api/booking/next-available-date', { config: { rateLimit: read } }, async () => {
    const response = await app.trackerClient.send('GET', '/bookings/next-available-date');
    return trackerAnswer(NextAvailableDateResponse, response);
  });

  app.post('/api/booking', { config: jsonWrite }, async (request, reply) => {
    const payload = parseInput(BookingPayload, request.body);
    const response = await app.trackerClient.send('POST', '/bookings', { json: payload });
    return reply.code(201).send(trackerAnswer(BookingResponse, response));
  });

  app.post('/api/feedback', { config: jsonWrite }, async (request, reply) => {
    const payload = parseInput(FeedbackPayload, request.body);
    const response = await app.trackerClient.send('POST', '/feedback', { json: payload });
    return reply.code(201).send(trackerAnswer(FeedbackResponse, response));
  });

  // The confirmation link opens a page of the web app, which calls this (404 unknown token,
  // 409 already used, 410 expired: the tracker's answers, passed on as they are).
  app.post('/api/confirm-email', { config: jsonWrite }, async (request) => {
    const payload = parseInput(ConfirmEmailPayload, request.body);
    const response = await app.trackerClient.send('POST', '/email-confirmations', {
      json: payload,
    });
    return trackerAnswer(ConfirmEmailResponse, response);
  });
}
