import {
  ConfirmEmailPayload,
  CreateUserPayload,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
} from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { parseId, parseInput } from '../errors.ts';
import { updateProfile } from '../services/profile.ts';
import { confirmEmail, createUser, signIn } from '../services/users.ts';

const SignInPayload = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export const userRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.tracker;

  app.post('/users', async (request, reply) => {
    const payload = parseInput(CreateUserPayload, request.body);
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const key = header === undefined ? null : parseInput(IdempotencyKey, header);
    reply.code(201);
    return createUser(ctx, payload, key);
  });

  app.post('/users/:id/profile', async (request) => {
    const id = parseId('User', (request.params as { id: string }).id);
    return updateProfile(ctx, id, request);
  });

  app.post('/sign-ins', async (request) => {
    return signIn(ctx, parseInput(SignInPayload, request.body));
  });

  app.post('/email-confirmations', async (request) => {
    const { token } = parseInput(ConfirmEmailPayload, request.body);
    return confirmEmail(ctx, token);
  });
};
