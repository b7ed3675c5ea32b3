import {
  type Endpoint,
  type EndpointAnswer,
  HOLD_OWNER_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  SITE_API,
  TRACKER_API,
} from '@app/contracts';
import { HttpError, routeOf } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { holdOwnerKey } from '../plugins/app/session.ts';

/** The JSON calls of spec section 7: validated here, then carried out by the tracker. */
export default async function apiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { read, signup, resend } = app.rateLimits;
  const jsonWrite = { body: 'json' as const };

  /**
   * A JSON write the tracker carries out as it is: validated by its schema here, its answer
   * checked. (Declared on the plain instance: the body is passed on, never read.)
   */
  function forward(endpoint: Endpoint, upstream: Endpoint) {
    fastify.route({
      ...routeOf(endpoint),
      config: jsonWrite,
      onRequest: app.writeLimit,
      handler: async (request, reply) => {
        // The browser's later writes (its held seat first) are then counted per session.
        reply.ensureSession();
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        const answer = await app.trackerClient.request(upstream, {
          json: request.body,
          ...(typeof key === 'string' ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
        });
        return reply.code(201).send(answer);
      },
    });
  }

  forward(SITE_API.submitOnboarding, TRACKER_API.createOnboarding);
  forward(SITE_API.submitBooking, TRACKER_API.createBooking);
  forward(SITE_API.submitFeedback, TRACKER_API.createFeedback);

  app.route({
    ...routeOf(SITE_API.createUser),
    config: { body: 'json', rateLimit: signup, loadCost: 'heavy' },
    handler: async (request, reply) => {
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
      let created: EndpointAnswer<typeof TRACKER_API.createUser>;
      try {
        created = await app.trackerClient.request(TRACKER_API.createUser, {
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
      limits.created();
      reply.startSession(String(created.user.id));
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...routeOf(SITE_API.nextAvailableDate),
    config: { rateLimit: read },
    handler: async () => app.trackerClient.request(TRACKER_API.nextAvailableDate),
  });

  // The confirmation link opens a page of the web app, which calls this (404 unknown token,
  // 409 already used, 410 expired: the tracker's answers, passed on as they are).
  app.route({
    ...routeOf(SITE_API.confirmEmail),
    config: jsonWrite,
    onRequest: app.writeLimit,
    handler: async (request) =>
      app.trackerClient.request(TRACKER_API.confirmEmail, { json: request.body }),
  });

  // "Resend confirmation email": 202 with the same answer for every address, so it does not tell
  // which addresses have accounts; the tracker decides whether mail goes out.
  app.route({
    ...routeOf(SITE_API.resendConfirmation),
    config: { body: 'json', rateLimit: resend },
    handler: async (request, reply) => {
      const answer = await app.trackerClient.request(TRACKER_API.resendConfirmation, {
        json: request.body,
      });
      return reply.code(202).send(answer);
    },
  });
}
