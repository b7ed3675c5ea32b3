import { PathId } from '@app/contracts';
import type * as z from 'zod';

/** An answer to the client: 4xx with a stable `code` and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);

/** Validates client input with a contracts schema; the first issue's message is the answer. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first
    ? first.path && !first.message.includes(' ')
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid input';
  throw new HttpError(400, 'VALIDATION_ERROR', message, issues);
}

/** Largest id a row can have (PostgreSQL `integer`); a bigger one in a URL names nothing. */
const MAX_ROW_ID = 2_147_483_647;

/** An id from a URL path: 400 when it is not a positive integer, 404 when no row could have it. */
export function parseId(what: string, raw: unknown): number {
  const id = parseInput(PathId, raw);
  if (id > MAX_ROW_ID) throw notFound(what);
  return id;
}

export const nulCharacter = (field: string) =>
  new HttpError(
    400,
    'VALIDATION_ERROR',
    `${field ? `${field}: ` : ''}Text must not contain NUL characters.`,
    [{ path: field, message: 'Text must not contain NUL characters.' }],
  );

/**
 * What of an error goes to the log. A failed query's message carries its parameters (a password
 * hash, an email, a token's hash), so only the SQL, the SQLSTATE code and the database's complaint
 * (with its quoted values blanked) are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause;
  const safe = new Error(`Failed query: ${String(error.query)}`);
  safe.name = error.name;
  if (cause instanceof Error) {
    // The database quotes the offending value in its message ('invalid input syntax ...: "x"').
    safe.message += `\ncause: ${cause.message.replace(/"[^"]*"/g, '"[redacted]"')}`;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') Object.assign(safe, { code });
  }
  return safe;
}
