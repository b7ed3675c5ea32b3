/**
 * What went wrong with a call, as a kind the caller can branch on (never the message text):
 * - `network`: no response arrived (offline, DNS, connection reset, time-out);
 * - `http`: the server answered with a non-success status;
 * - `parse`: the server answered with a body that is not the JSON the contract describes;
 * - `aborted`: the caller cancelled the call (e.g. the screen that asked for it went away).
 */
export type ApiErrorKind = 'network' | 'http' | 'parse' | 'aborted';

/** One field the server refused, by its path in the body (`name`, `currentPassword`). */
export interface FieldProblem {
  path: string;
  message: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status when a response arrived. */
  status?: number;
  /** The server's stable error code (`{ code }` in its JSON body), e.g. EMAIL_TAKEN. */
  code?: string;
  /** The response's status text, when a response arrived. */
  statusText?: string;
  /** The response body: parsed JSON when it was JSON, else its text. */
  data?: unknown;
  /** True when the network failure was our own time-out. */
  timedOut?: boolean;
  /** A validation refusal's fields (the tracker's `details`). */
  fields?: readonly FieldProblem[];
  /** A refusal's details as the tracker sent them (a 4xx only), for the codes that carry some. */
  details?: unknown;
  cause?: unknown;
}

/**
 * The one error type every call of both web apps throws (createApiClient's and the endpoint
 * calls'). Its message is the one to show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly statusText: string | undefined;
  readonly data: unknown;
  readonly timedOut: boolean;
  /** A validation refusal's fields, each with its message (empty for any other failure). */
  readonly fields: readonly FieldProblem[];
  /** A refusal's details as the tracker sent them (a 4xx only), for the codes that carry some. */
  readonly details: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.statusText = init.statusText;
    this.data = init.data;
    this.timedOut = init.timedOut ?? false;
    this.fields = init.fields ?? [];
    this.details = init.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What an endpoint call (endpoints.ts, the tracker's pages) says when no answer arrived, and for
 * a server's failure, whose own text is never shown.
 */
export const ENDPOINT_MESSAGES = {
  network: 'We could not reach the tracker. Check your connection and try again.',
  server: 'Something went wrong on our side. Please try again in a moment.',
} as const;
