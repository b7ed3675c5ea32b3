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
