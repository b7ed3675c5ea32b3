import { ERROR_STATUS, type ErrorCode } from '@app/contracts';

export { ERROR_STATUS, type ErrorCode };

/** An error whose status, code and message are meant for the client as they are. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: string;

  constructor(
    code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
  }

  /** An upstream's own answer passed on unchanged: its status and code may be ones we never make. */
  static relay(statusCode: number, code: string, message: string, details?: unknown): HttpError {
    const error = new HttpError('INTERNAL_ERROR', message, details);
    return Object.assign(error, { statusCode, code });
  }
}

/**
 * A refusal that is safe to repeat later, answered with Retry-After (seconds): a 503 (busy), or
 * a 429 when a limit was reached.
 */
export class RetryLaterError extends HttpError {
  override name = 'RetryLaterError';
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
    statusCode: 503 | 429 = 503,
  ) {
    super('SIGNUP_BUSY', message);
    Object.assign(this, { code, statusCode });
  }
}

/** What a 5xx says: never the internal reason. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

export const notFound = (what: string) => new HttpError('NOT_FOUND', `${what} not found`);

/** The answer for any path nothing is served at. */
export function noRoute(method: string, url: string): HttpError {
  return new HttpError('NOT_FOUND', `Nothing here: ${method} ${url.split('?')[0] ?? url}`);
}
