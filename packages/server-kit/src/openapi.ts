import { type Endpoint, ErrorBody } from '@app/contracts';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

export interface OpenApiOptions {
  title: string;
  description: string;
  /** Where the document is served, e.g. /api/openapi.json. */
  path: string;
  /** Route config of the document's route (rate limit, public access). */
  routeConfig?: FastifyContextConfig;
  /** Which routes are API operations (default: all); the rest (pages, files) are left out. */
  documents?: (url: string) => boolean;
  /**
   * What each API operation is, by `METHOD /path/{param}`: a summary, and the security scheme a
   * caller needs. When given, an operation missing from it fails the document (its test says so).
   */
  operations?: Record<string, { summary: string; security?: string }>;
  /** The security schemes the operations name (OpenAPI `components.securitySchemes`). */
  securitySchemes?: Record<string, ApiKeyScheme>;
}

/** A credential sent as a header, a cookie or a query value (OpenAPI's apiKey scheme). */
export interface ApiKeyScheme {
  type: 'apiKey';
  in: 'header' | 'cookie' | 'query';
  name: string;
  description?: string;
}

/** `/api/teams/:id(^[0-9]+$)` as OpenAPI writes it: `/api/teams/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)(\([^/]*\))?/g, '{$1}');
}

/** A stable operation id from method and path: `POST /api/users/{id}/profile` -> postApiUsersIdProfile. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return (
    method.toLowerCase() +
    words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
  );
}

/** The error answers every operation can give, in the one shape both servers use for them. */
const ERROR_RESPONSES = {
  '4XX': ErrorBody.check(
    z.describe(
      'Refused: a stable code to branch on (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED, ...) and a message for people; a 400 from validation lists its fields in details',
    ),
  ),
  '5XX': ErrorBody.check(
    z.describe(
      'Failed on the server or upstream (INTERNAL_ERROR, TRACKER_UNAVAILABLE, SIGNUP_BUSY with Retry-After, ...): a code and a message that never carries internal detail',
    ),
  ),
};

/**
 * The route schemas as the document shows them: each operation's own answers, and the error
 * answers it shares with every other. Only the document changes; answers are serialised by the
 * route's own response schemas.
 */
function transformFor(
  opts: OpenApiOptions,
): NonNullable<FastifyDynamicSwaggerOptions['transform']> {
  return (input) => {
    const { schema, url, route } = input;
    const documented = opts.documents?.(url) ?? true;
    if (!schema || schema.hide || !documented) {
      return { schema: { ...schema, hide: true }, url };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const method = String(methods[0] ?? 'GET');
    const path = openApiPath(url);
    const key = `${method} ${path}`;
    const operation = opts.operations?.[key];
    if (opts.operations && operation === undefined) {
      throw new Error(`the API description has no summary for ${key}`);
    }
    const response = { ...ERROR_RESPONSES, ...(schema.response as object | undefined) };
    return jsonSchemaTransform({
      ...input,
      schema: {
        ...schema,
        response,
        operationId: operationIdOf(method, path),
        ...(operation ? { summary: operation.summary } : {}),
        // Public operations say so (an empty list), so no operation is left undecided.
        security: operation?.security ? [{ [operation.security]: [] }] : [],
      },
    });
  };
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
        servers: [{ url: '/', description: 'This server' }],
        ...(opts.securitySchemes ? { components: { securitySchemes: opts.securitySchemes } } : {}),
      },
      transform: transformFor(opts),
    });
    app.get(opts.path, { schema: { hide: true }, config: opts.routeConfig ?? {} }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);

/**
 * A route's method, URL and schema from its entry in the contracts' endpoint table, to spread into
 * `app.route({ ...routeOf(TRACKER_API.getTeam), handler })`; the handler's types follow the schema.
 */
export function routeOf<const E extends Endpoint>(
  endpoint: E,
): { method: E['method']; url: string; schema: E['schema'] & { summary: string } } {
  return {
    method: endpoint.method,
    url: endpoint.url,
    schema: { ...endpoint.schema, summary: endpoint.summary },
  };
}
