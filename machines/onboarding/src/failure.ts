import { ERROR_CODES, MESSAGES } from '@app/contracts';

/**
 * What the machine reads from a failed call. The app's actors call the api-client, whose errors
 * carry the message to show (worded by spec 8) and the server's stable `code`; the machine only
 * takes those two, never parses a body or a message.
 */

/** The failure's own message when it has one, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('message' in error)) return fallback;
  return typeof error.message === 'string' && error.message.trim() !== ''
    ? error.message
    : fallback;
}

/** The server's stable error code (e.g. TEAM_FULL), when the failure carries one. */
export function failureCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/**
 * What kind of failure it was, as the api-client says (`kind`): `network` when no answer arrived
 * (fetch's own TypeError counts too), `http` for an error status, else what it says or null.
 */
export function failureKind(error: unknown): string | null {
  if (error instanceof TypeError) return 'network';
  if (typeof error !== 'object' || error === null || !('kind' in error)) return null;
  return typeof error.kind === 'string' ? error.kind : null;
}

/** The HTTP status of the failed call, when an answer arrived. */
export function failureStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** The account form's fields a failed sign-up can point at. */
export type AccountField = 'email' | 'password';

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? Object.entries(value).find(([name]) => name === key)?.[1]
    : undefined;
}

/**
 * The fields a failed sign-up names, with their messages, so the form shows each against its
 * field: a taken address (409 `EMAIL_TAKEN`) is about the email; a 400 lists each refused field
 * in its body's `details` (`[{ path, message }]`). Empty when the failure is not about a field.
 */
export function accountFieldErrors(error: unknown): Partial<Record<AccountField, string>> {
  if (failureCode(error) === ERROR_CODES.EMAIL_TAKEN) {
    return { email: failureText(error, MESSAGES.invalidServerResponse) };
  }
  const fields: Partial<Record<AccountField, string>> = {};
  const details = field(field(error, 'data'), 'details');
  if (!Array.isArray(details)) return fields;
  for (const detail of details) {
    const path = field(detail, 'path');
    const message = field(detail, 'message');
    if (
      (path === 'email' || path === 'password') &&
      typeof message === 'string' &&
      message !== ''
    ) {
      fields[path] ??= message;
    }
  }
  return fields;
}
