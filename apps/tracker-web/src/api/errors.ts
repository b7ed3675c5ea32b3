import { ApiError, ENDPOINT_MESSAGES } from '@app/api-client/errors';
import { ERROR_CODES } from '@app/contracts';

// This module has no HTTP client and no schemas in it: screens that only need to recognise an
// error (every form) import it without loading either. The error type is the one both web apps
// share (@app/api-client), thrown by every endpoint call.
export { ApiError, type FieldProblem } from '@app/api-client/errors';

export const NETWORK_MESSAGE: string = ENDPOINT_MESSAGES.network;
export const SERVER_MESSAGE: string = ENDPOINT_MESSAGES.server;

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

/** True when the session must set a new password before anything else (its old one is weak). */
export function isPasswordChangeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED;
}

/** A toast that says an action failed, with the tracker's reason (or a plain retry). */
export function failureToast(title: string, failure: unknown) {
  return {
    title,
    description: failure instanceof ApiError ? failure.message : 'Please try again.',
    variant: 'destructive' as const,
  };
}
