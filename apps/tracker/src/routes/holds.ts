import {
  CreateHoldPayload,
  HOLD_OWNER_HEADER,
  HoldId,
  HoldOwner,
  HoldResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { createHold, extendHold, releaseHold } from '../services/holds.ts';

/** Every hold call names its owner; the site derives the key from the browser's session. */
const OwnerHeaders = z.looseObject({ [HOLD_OWNER_HEADER]: HoldOwner });
const HoldParams = z.object({ id: HoldId });

export async function holdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/holds',
    {
      schema: {
        headers: OwnerHeaders,
        body: CreateHoldPayload,
        response: { 201: HoldResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createHold(app, request.headers[HOLD_OWNER_HEADER], request.body.teamId)),
  );

  app.post(
    '/holds/:id/extend',
    { schema: { headers: OwnerHeaders, params: HoldParams, response: { 200: HoldResponse } } },
    async (request) => extendHold(app, request.headers[HOLD_OWNER_HEADER], request.params.id),
  );

  app.delete(
    '/holds/:id',
    { schema: { headers: OwnerHeaders, params: HoldParams, response: { 204: z.void() } } },
    async (request, reply) => {
      await releaseHold(app, request.headers[HOLD_OWNER_HEADER], request.params.id);
      return reply.code(204).send();
    },
  );
}
