import { ErrorBody } from '@app/contracts';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

export interface OpenApiOptions {
  title: string;
  description: string;
  /** Where the document is served, e.g. /api/openapi.json. */
  path: string;
  /** Route config of the document's route (rate limit, public access). */
  routeConfig?: FastifyContextConfig;
}

/** The error answers every operation can give, in the one shape both servers use for them. */
const ERROR_RESPONSES = {
  '4XX': ErrorBody.describe(
    'Refused: a stable code to branch on (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED, ...) and a message for people; a 400 from validation lists its fields in details',
  ),
  '5XX': ErrorBody.describe(
    'Failed on the server or upstream (INTERNAL_ERROR, TRACKER_UNAVAILABLE, SIGNUP_BUSY with Retry-After, ...): a code and a message that never carries internal detail',
  ),
};

/**
 * The route schemas as the document shows them: each operation's own answers, and the error
 * answers it shares with every other. Only the document changes; answers are serialised by the
 * route's own response schemas.
 */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const { schema } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const response = { ...ERROR_RESPONSES, ...(schema.response as object | undefined) };
  return jsonSchemaTransform({ ...input, schema: { ...schema, response } });
};

/**
 * Routes declare their params, query, body and responses as zod schemas (the contracts'); those
 * validate requests, serialise answers and, through @fastify/swagger, make the OpenAPI document.
 * Registered before any route, so that every route is in the document.
 */
export const openApi = fp<OpenApiOptions>(
  async function openApi(app: FastifyInstance, opts) {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: opts.title, description: opts.description, version: '1.0.0' },
      },
      transform,
    });
    app.get(opts.path, { schema: { hide: true }, config: opts.routeConfig ?? {} }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
