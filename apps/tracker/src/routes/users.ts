import {
  ConfirmEmailPayload,
  ConfirmEmailResponse,
  CreateUserPayload,
  CreateUserResponse,
  HOLD_OWNER_HEADER,
  HoldOwner,
  IDEMPOTENCY_KEY_HEADER,
  ProfileResponse,
  ResendConfirmationPayload,
  ResendConfirmationResponse,
  SignUpHeaders,
} from '@app/contracts';
import { profileFormSchema, registerProfileMultipart } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { updateProfile } from '../services/profile.ts';
import { confirmEmail, createUser, resendConfirmation, signIn } from '../services/users.ts';
import { IdParams, rowIdOr404 } from './ids.ts';

/** The site names the browser session whose live hold on the team becomes the membership. */
const TrackerSignUpHeaders = SignUpHeaders.extend({ [HOLD_OWNER_HEADER]: HoldOwner.optional() });

const SignInPayload = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});
const SignInAnswer = z.object({ user: z.object({ id: z.number() }) });

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerProfileMultipart(app);

  app.post(
    '/users',
    {
      schema: {
        headers: TrackerSignUpHeaders,
        body: CreateUserPayload,
        response: { 201: CreateUserResponse },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const holdOwner = request.headers[HOLD_OWNER_HEADER];
      return reply.code(201).send(await createUser(app, request.body, key, holdOwner));
    },
  );

  app.post(
    '/users/:id/profile',
    { schema: { ...profileFormSchema, params: IdParams, response: { 200: ProfileResponse } } },
    async (request) => updateProfile(app, rowIdOr404('User', request.params.id), request),
  );

  app.post(
    '/sign-ins',
    { schema: { body: SignInPayload, response: { 200: SignInAnswer } } },
    async (request) => signIn(app, request.body),
  );

  app.post(
    '/email-confirmations',
    { schema: { body: ConfirmEmailPayload, response: { 200: ConfirmEmailResponse } } },
    async (request) => confirmEmail(app, request.body.token),
  );

  // 202 whether or not the address has an account waiting for confirmation (see RESEND_LIMITS).
  app.post(
    '/email-confirmations/resend',
    {
      schema: { body: ResendConfirmationPayload, response: { 202: ResendConfirmationResponse } },
    },
    async (request, reply) => {
      const { answer } = await resendConfirmation(app, request.body.email);
      return reply.code(202).send(answer);
    },
  );
}
