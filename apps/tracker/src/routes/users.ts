import { ConfirmEmailPayload, CreateUserPayload } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseId, parseInput } from '../errors.ts';
import { updateProfile } from '../services/profile.ts';
import { confirmEmail, createUser } from '../services/users.ts';

export const userRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.tracker;

  app.post('/users', async (request, reply) => {
    const payload = parseInput(CreateUserPayload, request.body);
    reply.code(201);
    return createUser(ctx, payload);
  });

  app.post('/users/:id/profile', async (request) => {
    const id = parseId('User', (request.params as { id: string }).id);
    return updateProfile(ctx, id, request);
  });

  app.post('/email-confirmations', async (request) => {
    const { token } = parseInput(ConfirmEmailPayload, request.body);
    return confirmEmail(ctx, token);
  });
};
