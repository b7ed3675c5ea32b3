import * as z from 'zod';

/** pino's levels. */
export const LogLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/** The variables both servers read, with one meaning and one rule each; each app extends it. */
export const BaseEnv = z.object({
  /** PostgreSQL for the tracker; embedded PGlite under TRACKER_DATA_DIR when unset. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/./, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** The tracker's data: PGlite files, uploads, the mail outbox, generated secrets. */
  TRACKER_DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: LogLevel,
});

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses the environment once, at start-up. A blank variable (as `.env.example` leaves them)
 * means "use the default"; a bad one stops the start with the variable's name.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
  what = 'environment',
): z.output<S> {
  const given = Object.fromEntries(
    Object.entries(source)
      .map(([name, value]) => [name, value?.trim()])
      .filter(([, value]) => value),
  );
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid ${what}:\n${lines.join('\n')}`);
}
