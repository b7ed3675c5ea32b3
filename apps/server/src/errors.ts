/** Stable codes of the site API's error answers; clients branch on these, never on the message. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  invalidJson: 'INVALID_JSON',
  invalidMultipart: 'INVALID_MULTIPART',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  photoTooLarge: 'PHOTO_TOO_LARGE',
  photoNotImage: 'PHOTO_NOT_IMAGE',
  tooManyParts: 'TOO_MANY_PARTS',
  notFound: 'NOT_FOUND',
  forbiddenOrigin: 'FORBIDDEN_ORIGIN',
  sessionRequired: 'SESSION_REQUIRED',
  rateLimited: 'RATE_LIMITED',
  trackerUnavailable: 'TRACKER_UNAVAILABLE',
  trackerTimeout: 'TRACKER_TIMEOUT',
  trackerError: 'TRACKER_ERROR',
  signupBusy: 'SIGNUP_BUSY',
  shuttingDown: 'SHUTTING_DOWN',
  requestTimeout: 'REQUEST_TIMEOUT',
  internal: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An error whose status, code and message are meant for the client as they are. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A refusal that is safe to repeat later: answered with Retry-After (seconds). */
export class RetryLaterError extends HttpError {
  override name = 'RetryLaterError';
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, code, message);
  }
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** The answer for any path nothing is served at. */
export function notFoundError(method: string, url: string): HttpError {
  const path = url.split('?')[0] ?? url;
  return new HttpError(404, ERROR_CODES.notFound, `Nothing here: ${method} ${path}`);
}
