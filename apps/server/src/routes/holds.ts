import {
  CreateHoldPayload,
  HOLD_ERROR_CODES,
  HOLD_OWNER_HEADER,
  HoldId,
  HoldResponse,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { holdOwnerKey } from '../plugins/app/session.ts';
import { trackerAnswer } from '../plugins/app/tracker.ts';

const HoldParams = z.object({ id: HoldId });

/**
 * Held seats: a seat on a team kept for this browser while its visitor decides and signs up.
 * A hold belongs to the browser session that made it: the tracker knows it by a key derived from
 * the session id, so another browser's request names no hold it can see (404).
 */
export default async function holdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secret = app.config.sessionSecret;

  /** The owner key of this browser's session; a browser with no session holds nothing. */
  function owner(request: FastifyRequest) {
    const session = request.sessionId();
    if (session === null) {
      throw new HttpError(HOLD_ERROR_CODES.holdNotFound, 'Hold not found');
    }
    return { [HOLD_OWNER_HEADER]: holdOwnerKey(secret, session) };
  }

  app.post(
    '/api/holds',
    {
      config: { body: 'json' },
      onRequest: app.writeLimit,
      schema: { body: CreateHoldPayload, response: { 201: HoldResponse } },
    },
    async (request, reply) => {
      const headers = { [HOLD_OWNER_HEADER]: holdOwnerKey(secret, reply.ensureSession()) };
      const response = await app.trackerClient.send('POST', '/holds', {
        json: request.body,
        headers,
      });
      return reply.code(201).send(trackerAnswer(HoldResponse, response));
    },
  );

  app.post(
    '/api/holds/:id/extend',
    {
      onRequest: app.writeLimit,
      schema: { params: HoldParams, response: { 200: HoldResponse } },
    },
    async (request) => {
      const response = await app.trackerClient.send(
        'POST',
        `/holds/${encodeURIComponent(request.params.id)}/extend`,
        { headers: owner(request) },
      );
      return trackerAnswer(HoldResponse, response);
    },
  );

  app.delete(
    '/api/holds/:id',
    {
      onRequest: app.writeLimit,
      schema: { params: HoldParams, response: { 204: z.void() } },
    },
    async (request, reply) => {
      await app.trackerClient.send('DELETE', `/holds/${encodeURIComponent(request.params.id)}`, {
        headers: owner(request),
      });
      return reply.code(204).send();
    },
  );
}
