import {
  BookingPayload,
  BookingResponse,
  ConfirmEmailPayload,
  ConfirmEmailResponse,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  FeedbackResponse,
  HOLD_OWNER_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IdempotentHeaders,
  NextAvailableDateResponse,
  OnboardingPayload,
  OnboardingResponse,
  ResendConfirmationPayload,
  ResendConfirmationResponse,
  SignUpHeaders,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { holdOwnerKey } from '../plugins/app/session.ts';
import { trackerAnswer } from '../plugins/app/tracker.ts';

/** The JSON calls of spec section 7: validated here, then carried out by the tracker. */
export default async function apiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { read, signup, resend } = app.rateLimits;
  const jsonWrite = { body: 'json' as const };

  /**
   * A JSON write the tracker carries out as it is: validated by its schema here, its answer
   * checked. (Declared on the plain instance: the body is passed on, never read.)
   */
  function forward(
    path: string,
    upstream: string,
    body: z.ZodType,
    answer: z.ZodType,
    { idempotent = false } = {},
  ) {
    fastify.post(
      path,
      {
        config: jsonWrite,
        onRequest: app.writeLimit,
        schema: {
          ...(idempotent ? { headers: IdempotentHeaders } : {}),
          body,
          response: { 201: answer },
        },
      },
      async (request, reply) => {
        // The browser's later writes (its held seat first) are then counted per session.
        reply.ensureSession();
        const key = idempotent ? request.headers[IDEMPOTENCY_KEY_HEADER] : undefined;
        const response = await app.trackerClient.send('POST', upstream, {
          json: request.body,
          ...(typeof key === 'string' ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
        });
        return reply.code(201).send(trackerAnswer(answer, response));
      },
    );
  }

  forward('/api/onboarding', '/onboarding', OnboardingPayload, OnboardingResponse);
  forward('/api/booking', '/bookings', BookingPayload, BookingResponse, { idempotent: true });
  forward('/api/feedback', '/feedback', FeedbackPayload, FeedbackResponse, { idempotent: true });

  app.post(
    '/api/users',
    {
      config: { body: 'json', rateLimit: signup },
      schema: {
        headers: SignUpHeaders,
        body: CreateUserPayload,
        response: { 201: CreateUserResponse },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const limits = await app.signupLimits.admit(request.ip, request.body.email);
      const headers: Record<string, string> =
        key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key };
      // The seat this browser holds on the team becomes the membership.
      const session = request.sessionId();
      if (session !== null) {
        headers[HOLD_OWNER_HEADER] = holdOwnerKey(app.config.sessionSecret, session);
      }
      // No time limit: the tracker answers a full queue at once with 503, and a sign-up that has
      // started must not be reported as failed while it goes on to create the account.
      let response: Awaited<ReturnType<typeof app.trackerClient.send>>;
      try {
        response = await app.trackerClient.send('POST', '/users', {
          json: request.body,
          headers,
          timeout: false,
        });
      } catch (error) {
        // A final refusal (taken, invalid) counts as an attempt with this address; busy does not.
        if (error instanceof HttpError && error.statusCode < 500) await limits.refused();
        else await limits.undecided();
        throw error;
      }
      const created = trackerAnswer(CreateUserResponse, response);
      limits.created();
      reply.startSession(String(created.user.id));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/booking/next-available-date',
    { config: { rateLimit: read }, schema: { response: { 200: NextAvailableDateResponse } } },
    async () => {
      const response = await app.trackerClient.send('GET', '/bookings/next-available-date');
      return trackerAnswer(NextAvailableDateResponse, response);
    },
  );

  // The confirmation link opens a page of the web app, which calls this (404 unknown token,
  // 409 already used, 410 expired: the tracker's answers, passed on as they are).
  app.post(
    '/api/confirm-email',
    {
      config: jsonWrite,
      onRequest: app.writeLimit,
      schema: { body: ConfirmEmailPayload, response: { 200: ConfirmEmailResponse } },
    },
    async (request) => {
      const response = await app.trackerClient.send('POST', '/email-confirmations', {
        json: request.body,
      });
      return trackerAnswer(ConfirmEmailResponse, response);
    },
  );

  // "Resend confirmation email": 202 with the same answer for every address, so it does not tell
  // which addresses have accounts; the tracker decides whether mail goes out.
  app.post(
    '/api/confirm-email/resend',
    {
      config: { body: 'json', rateLimit: resend },
      schema: { body: ResendConfirmationPayload, response: { 202: ResendConfirmationResponse } },
    },
    async (request, reply) => {
      const response = await app.trackerClient.send('POST', '/email-confirmations/resend', {
        json: request.body,
      });
      return reply.code(202).send(trackerAnswer(ResendConfirmationResponse, response));
    },
  );
}
