import { findNul, MESSAGES } from '@app/contracts';
import type * as z from 'zod';
import { ERROR_CODES, HttpError } from './errors.ts';

/** Messages that already say which field they are about (spec 5); others get the field's name. */
const SELF_EXPLAINING: ReadonlySet<string> = new Set([
  MESSAGES.enterGoal,
  MESSAGES.makeSelection,
  MESSAGES.enterName,
  MESSAGES.validEmail,
  MESSAGES.validPhone,
  MESSAGES.passwordHint,
]);

function describe(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0) return 'The request body must be a JSON object.';
  if (SELF_EXPLAINING.has(issue.message)) return issue.message;
  return `${issue.path.join('.')}: ${issue.message}`;
}

const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** Validates input with a contracts schema; a failure is a 400 with the first problem as its message and every problem in `details`. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const nulAt = findNul(input);
  if (nulAt !== null) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      nulAt ? `${nulAt}: ${NUL_MESSAGE}` : NUL_MESSAGE,
      [{ path: nulAt, message: NUL_MESSAGE }],
    );
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  throw new HttpError(
    400,
    ERROR_CODES.validation,
    first ? describe(first) : MESSAGES.invalidInput,
    issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
