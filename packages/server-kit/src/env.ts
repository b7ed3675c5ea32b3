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
  /**
   * The tracker's public origin, its front door, where members and operators sign in: the
   * site's Sign In leads there and the tracker's mail links point there.
   */
  TRACKER_PUBLIC_URL: z.url().default('http://localhost:3001'),
  /** Shares rate-limit and sign-in failure counters between instances; in memory when unset. */
  REDIS_URL: z.url().optional(),
  /** The tracker API's port (loopback by default); any free port when unset. */
  TRACKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The port the front door listens on; default: the port of TRACKER_PUBLIC_URL. */
  TRACKER_PUBLIC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** The port a URL names, or its scheme's. */
export function portOf(url: string): number {
  const parsed = new URL(url);
  if (parsed.port) return Number(parsed.port);
  return parsed.protocol === 'https:' ? 443 : 80;
}

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
