import { findNul, labelledMessage, MESSAGES } from '@app/contracts';
import * as z from 'zod/mini';
import { HttpError } from './errors.ts';

// The contracts are written with zod/mini, which sets no locale so that the browser's bundles stay
// small: a check without a message of its own is worded in English on the servers.
z.config(z.locales.en());

export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** The message of one problem: the field's name first unless the message already says it. */
export function describeIssue(issue: Issue): string {
  if (issue.path.length === 0) return 'The request body must be a JSON object.';
  return labelledMessage(issue.path.join('.'), issue.message);
}

/** A 400 whose message is the first problem and whose `details` list every one. */
export function validationError(issues: readonly Issue[]): HttpError {
  const first = issues[0];
  return new HttpError(
    'VALIDATION_ERROR',
    first ? describeIssue(first) : MESSAGES.invalidInput,
    issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

/**
 * PostgreSQL text cannot hold U+0000, so such input is bad input: refused before it reaches the
 * database. `field` is the dot-separated path of the text, '' for the whole value.
 */
export function nulCharacter(field: string): HttpError {
  return new HttpError('VALIDATION_ERROR', field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, [
    { path: field, message: NUL_MESSAGE },
  ]);
}

/** Throws the 400 for the first text holding a NUL character in `input`. */
export function rejectNul(input: unknown): void {
  const field = findNul(input);
  if (field !== null) throw nulCharacter(field);
}

/** Validates input that no route schema covers (a multipart field, an upstream's answer). */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  rejectNul(input);
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}
