import { MESSAGES } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, HttpError, INTERNAL_MESSAGE, RetryLaterError } from '../../errors.ts';

/** Fastify and @fastify/multipart errors the client caused, answered in plain words. */
const KNOWN_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.payloadTooLarge,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.invalidJson,
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ERROR_CODES.invalidJson,
    message: 'The request body is not valid JSON.',
  },
  // @fastify/static refusing an odd spelling of a path (//x, aliases): for the client, nothing there.
  FST_STATIC_FORBIDDEN_PATH: {
    status: 404,
    code: ERROR_CODES.notFound,
    message: 'Nothing here.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: ERROR_CODES.photoTooLarge,
    message: MESSAGES.photoTooLarge,
  },
  FST_FILES_LIMIT: {
    status: 413,
    code: ERROR_CODES.tooManyParts,
    message: 'Send one photo at most.',
  },
  FST_PARTS_LIMIT: {
    status: 413,
    code: ERROR_CODES.tooManyParts,
    message: 'Send only the photo and the about-me text.',
  },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: ERROR_CODES.tooManyParts,
    message: 'Send only the photo and the about-me text.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ERROR_CODES.unsupportedMediaType,
    message: 'Send the profile as multipart/form-data.',
  },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/**
 * One error handler for the whole site API: 4xx answers carry a stable code and a clear message;
 * a 5xx never carries internal text (Fastify's default handler would send error.message as is).
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof HttpError) {
        if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
        const body: Record<string, unknown> = { message: error.message, code: error.code };
        if (error.details !== undefined) body.details = error.details;
        if (error instanceof RetryLaterError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return reply.code(error.statusCode).send(body);
      }

      const known = isFastifyError(error) ? KNOWN_CLIENT_ERRORS[error.code] : undefined;
      if (known) {
        return reply.code(known.status).send({ message: known.message, code: known.code });
      }

      const status =
        error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number'
          ? error.statusCode
          : 500;
      if (status === 400 && error instanceof SyntaxError) {
        return reply
          .code(400)
          .send({ message: 'The request body is not valid JSON.', code: ERROR_CODES.invalidJson });
      }
      if (status >= 400 && status < 500) {
        const code = isFastifyError(error) ? error.code : 'BAD_REQUEST';
        const message = error instanceof Error ? error.message : 'Bad request.';
        return reply.code(status).send({ message, code });
      }

      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: INTERNAL_MESSAGE, code: ERROR_CODES.internal });
    });
  },
  { name: 'error-handler' },
);
