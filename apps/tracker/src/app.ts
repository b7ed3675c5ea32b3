import { findNul, MAX_PHOTO_BYTES, MESSAGES } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { apiKeyMatches } from './api-key.ts';
import { HttpError, loggableError, nulCharacter } from './errors.ts';
import { joinRequestRoutes } from './routes/join-requests.ts';
import { readRoutes } from './routes/read.ts';
import { submissionRoutes } from './routes/submissions.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import type { TrackerContext } from './services/context.ts';
import { BusyError } from './services/signup-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tracker: TrackerContext;
  }
  interface FastifyContextConfig {
    /** Served without the API key (health check, photos). */
    public?: boolean;
  }
}

function errorBody(error: FastifyError | HttpError) {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: {
        message: error.message,
        code: error.code,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
    };
  }
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { statusCode: 413, body: { message: MESSAGES.photoTooLarge, code: 'PHOTO_TOO_LARGE' } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx errors (bad JSON, wrong content type, body too large) say what was wrong.
    return {
      statusCode: status,
      body: { message: error.message, code: error.code ?? 'BAD_REQUEST' },
    };
  }
  return null;
}

/**
 * The tracker API as a Fastify plugin over a ready context (database, repositories, mailer).
 * It is not encapsulated, so its error handler and API-key check cover the whole instance.
 */
const plugin: FastifyPluginAsync<{ context: TrackerContext }> = async (app, { context }) => {
  app.decorate('tracker', context);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = errorBody(error);
    if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (known) return reply.code(known.statusCode).send(known.body);
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    }),
  );

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || given.length === 0) {
      throw new HttpError(
        401,
        'API_KEY_MISSING',
        'Missing API key: send it in the x-api-key header.',
      );
    }
    if (!apiKeyMatches(given, context.apiKey)) {
      throw new HttpError(401, 'API_KEY_INVALID', 'Invalid API key.');
    }
  });

  // PostgreSQL text cannot hold U+0000: refused as bad input rather than failing in the insert.
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body);
    if (field !== null) throw nulCharacter(field);
  });

  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });
  await app.register(readRoutes);
  await app.register(userRoutes);
  await app.register(submissionRoutes);
  await app.register(joinRequestRoutes);
  await app.register(uploadRoutes);
};

// What fastify-plugin does: register into the parent's context instead of a child one.
Object.assign(plugin, { [Symbol.for('skip-override')]: true });
export const trackerApp = plugin;
