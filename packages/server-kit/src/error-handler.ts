import { MESSAGES } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, HttpError, INTERNAL_MESSAGE, RetryLaterError } from './errors.ts';
import { validationError } from './validation.ts';

const ONLY_PROFILE_PARTS = 'Send only the photo and the about-me text.';

/** Fastify's and its plugins' errors that the client caused, answered in plain words. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON.',
  },
  // @fastify/static refusing an odd spelling of a path (//x, aliases): for the client, nothing there.
  FST_STATIC_FORBIDDEN_PATH: { code: 'NOT_FOUND', message: 'Nothing here.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PHOTO_TOO_LARGE', message: MESSAGES.photoTooLarge },
  FST_FILES_LIMIT: { code: 'TOO_MANY_PARTS', message: 'Send one photo at most.' },
  FST_PARTS_LIMIT: { code: 'TOO_MANY_PARTS', message: ONLY_PROFILE_PARTS },
  FST_FIELDS_LIMIT: { code: 'TOO_MANY_PARTS', message: ONLY_PROFILE_PARTS },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the profile as multipart/form-data.',
  },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error;
}

/** The answer for any error a request raised, or null for a fault of ours (a 500). */
function clientAnswer(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(
      error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? MESSAGES.invalidInput,
      })),
    );
  }
  const known = isFastifyError(error) ? CLIENT_ERRORS[error.code] : undefined;
  if (known) return new HttpError(known.code, known.message);
  const status =
    error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number'
      ? error.statusCode
      : 500;
  if (status === 400 && error instanceof SyntaxError) {
    return new HttpError('INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (status >= 400 && status < 500) {
    const code = isFastifyError(error) ? error.code : 'BAD_REQUEST';
    return HttpError.relay(status, code, error instanceof Error ? error.message : 'Bad request.');
  }
  return null;
}

export interface ErrorHandlerOptions {
  /** What of an unexpected error goes to the log (to leave out what it must not show). */
  loggable?: (error: unknown) => unknown;
}

/**
 * One error handler for a whole server: 4xx answers carry a stable code and a clear message;
 * a 5xx never carries internal text (Fastify's default handler would send error.message as is).
 */
export const errorHandler = fp<ErrorHandlerOptions>(
  async function errorHandler(app: FastifyInstance, opts) {
    const loggable = opts.loggable ?? ((error: unknown) => error);
    app.setErrorHandler((error, request, reply) => {
      // A client that went away mid-upload is not a failure of ours: the body stream's error is
      // logged as what it is, not as a 500.
      const raw = request.raw;
      if (raw.aborted || (!raw.complete && raw.socket?.destroyed)) {
        request.log.info(
          { code: isFastifyError(error) ? error.code : undefined },
          'client aborted the request',
        );
        return reply.code(400).send({
          message: 'The request was cut off before it was complete.',
          code: 'CLIENT_ABORTED',
        });
      }
      const answer = clientAnswer(error);
      if (!answer) {
        request.log.error({ err: loggable(error) }, 'request failed');
        return reply.code(500).send({ message: INTERNAL_MESSAGE, code: 'INTERNAL_ERROR' });
      }
      if (answer.statusCode >= 500) request.log.warn({ code: answer.code }, answer.message);
      const body: Record<string, unknown> = { message: answer.message, code: answer.code };
      if (answer.details !== undefined) body.details = answer.details;
      if (answer instanceof RetryLaterError) {
        reply.header('retry-after', String(answer.retryAfterSeconds));
      }
      // Refused before its body was read (an upload that is not an image, say): the rest of the
      // body is not read, so the connection is closed with the answer rather than left waiting.
      if (!raw.complete) reply.header('connection', 'close');
      return reply.code(answer.statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);
