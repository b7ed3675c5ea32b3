import { ERROR_CODES } from '@app/contracts';

// This module has no HTTP client and no schemas in it: screens that only need to recognise an
// error (every form) import it without loading either.

/** One field the server refused, by its path in the body (`name`, `currentPassword`). */
export interface FieldProblem {
  path: string;
  message: string;
}

export const NETWORK_MESSAGE =
  'We could not reach the tracker. Check your connection and try again.';
export const SERVER_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * The one error every call throws. Its message is always one to show a person: the server's own
 * for a refusal (4xx), never a server's internals (5xx) or a browser's exception text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** The server's stable code (ERROR_CODES), or null when the answer had none. */
  readonly code: string | null;
  /** A validation refusal's fields. */
  readonly fields: readonly FieldProblem[];
  /** A refusal's details as the tracker sent them (a 4xx only), for the codes that carry some. */
  readonly details: unknown;

  constructor(
    message: string,
    init: {
      status: number | null;
      code?: string | null;
      fields?: readonly FieldProblem[];
      details?: unknown;
    },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code ?? null;
    this.fields = init.fields ?? [];
    this.details = init.details;
  }
}

/**
 * What to tell a person about a failed call: the tracker's reason, or for anything else (a
 * browser's exception) `otherwise`, by default the plain server message.
 */
export function messageOf(error: unknown, otherwise = SERVER_MESSAGE): string {
  return error instanceof ApiError ? error.message : otherwise;
}

/** True when the session is gone (never made, signed out, timed out): the member signs in again. */
export function isSignInRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.SIGN_IN_REQUIRED;
}

/** A toast that says an action failed, with the tracker's reason (or a plain retry). */
export function failureToast(title: string, failure: unknown) {
  return {
    title,
    description: failure instanceof ApiError ? failure.message : 'Please try again.',
    variant: 'destructive' as const,
  };
}
