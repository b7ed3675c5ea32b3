import swagger from '@fastify/swagger';
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
      transform: jsonSchemaTransform,
    });
    app.get(opts.path, { schema: { hide: true }, config: opts.routeConfig ?? {} }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
