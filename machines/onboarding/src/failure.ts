import { MESSAGES } from '@app/contracts';
import { isRecord, text } from './json.ts';

/**
 * What the machine needs to know about a failed call. Actors supplied by the app reject with any
 * value; this reads the shapes we know (README "Actor failures"): the api-client's `ApiError`
 * (`kind: 'network' | 'http' | 'parse'`, `status`, and a message already worded by the spec's rule),
 * a plain `{ status, statusText, data }` HTTP error whose `data` is the parsed body, or a TypeError,
 * which is what fetch throws when no response arrives.
 */
export interface CallFailure {
  kind: 'network' | 'http' | 'parse' | 'unknown';
  status: number | null;
  statusText: string | null;
  /** The message to show: the error's own for an HTTP error, else the body's `message`. */
  serverMessage: string | null;
  /** The body's `details`, when given as text. */
  details: string | null;
}

function kindOf(record: Record<string, unknown>, status: number | null): CallFailure['kind'] {
  const kind = record.kind;
  if (kind === 'network' || kind === 'http' || kind === 'parse') return kind;
  if (record.code === 'NETWORK_ERROR' || record.name === 'TypeError') return 'network';
  if (record.code === 'INVALID_RESPONSE') return 'parse';
  return status === null ? 'unknown' : 'http';
}

export function readFailure(error: unknown): CallFailure {
  if (!isRecord(error) && !(error instanceof Error)) {
    return { kind: 'unknown', status: null, statusText: null, serverMessage: null, details: null };
  }
  const record: Record<string, unknown> = { ...error };
  if (error instanceof Error) {
    record.name = error.name;
    record.message = error.message;
  }
  const response = isRecord(record.response) ? record.response : null;
  const rawStatus = record.status ?? response?.status;
  const status = typeof rawStatus === 'number' && Number.isInteger(rawStatus) ? rawStatus : null;
  const kind = kindOf(record, status);
  const body = record.data ?? record.body;
  const bodyMessage = isRecord(body) ? text(body.message) : null;
  return {
    kind,
    status,
    statusText: text(record.statusText) ?? text(response?.statusText),
    serverMessage: bodyMessage ?? (kind === 'http' ? text(record.message) : null),
    details: isRecord(body) ? text(body.details) : null,
  };
}

/** Spec 8, user creation: server message, else details, else "status: statusText", else default. */
export function createUserErrorMessage(error: unknown): string {
  const failure = readFailure(error);
  if (failure.kind === 'parse') return MESSAGES.invalidServerResponse;
  if (failure.kind === 'network') return MESSAGES.bookingNetworkError;
  if (failure.serverMessage !== null) return failure.serverMessage;
  if (failure.details !== null) return failure.details;
  if (failure.status !== null && failure.statusText !== null) {
    return `${failure.status}: ${failure.statusText}`;
  }
  return MESSAGES.createUserDefault(failure.status ?? 0);
}

/** Spec 8, booking: the network text, else the server message, else the generic one. */
export function bookingErrorMessage(error: unknown): string {
  const failure = readFailure(error);
  if (failure.kind === 'network') return MESSAGES.bookingNetworkError;
  return failure.serverMessage ?? MESSAGES.bookingDefaultError;
}

/** The account form's fields a failed sign-up can point at. */
export type AccountField = 'email' | 'password';

/**
 * The fields a failed sign-up names, with their messages, so the form shows each against its
 * field: a taken address (409 `EMAIL_TAKEN`) is about the email; a 400 lists each refused field
 * in its `details` (`[{ path, message }]`). Empty when the failure is not about a field.
 */
export function accountFieldErrors(error: unknown): Partial<Record<AccountField, string>> {
  if (!isRecord(error) && !(error instanceof Error)) return {};
  const record: Record<string, unknown> = { ...error };
  const body = isRecord(record.data) ? record.data : isRecord(record.body) ? record.body : {};
  const code = text(record.code) ?? text(body.code);
  if (code === 'EMAIL_TAKEN') return { email: createUserErrorMessage(error) };
  const fields: Partial<Record<AccountField, string>> = {};
  if (Array.isArray(body.details)) {
    for (const detail of body.details) {
      if (!isRecord(detail)) continue;
      const path = text(detail.path);
      const message = text(detail.message);
      if ((path === 'email' || path === 'password') && message !== null) fields[path] ??= message;
    }
  }
  return fields;
}
