import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SITE_PORT } from '@app/contracts';
import {
  BaseEnv,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  EnvError,
  parseEnv,
  resolveFromCommand,
} from '@app/server-kit';
import * as z from 'zod/mini';

/** Defaults are anchored to the repository, so the server behaves the same from any directory. */
const repoPath = (relative: string) =>
  fileURLToPath(new URL(`../../../${relative}`, import.meta.url));

const optionalUrl = z.optional(z.url());

const positiveInt = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.positive()), fallback);

export const EnvSchema = z
  .extend(BaseEnv, {
    NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
    PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), DEFAULT_SITE_PORT),
    HOST: z._default(z.string(), 'localhost'),
    /** Remote tracker. When unset, a tracker is started in this process on loopback. */
    TRACKER_API_URL: optionalUrl,
    /**
     * The embedded tracker runs on a thread of its own; on Linux its CPU priority is lowered by this
     * much (nice, 0-19), so that on a busy machine pages and static files are answered first.
     */
    TRACKER_THREAD_NICE: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(19)), 10),
    /**
     * Where the embedded tracker serves its own GET /metrics, on METRICS_HOST; unset: nowhere.
     * (METRICS_PORT is the site's; a tracker started on its own reads METRICS_PORT.)
     */
    TRACKER_METRICS_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))),
    /** Embedded tracker's data (PGlite, uploads, outbox) and the generated session secret. */
    /** Signs the session cookie. Generated once and kept in TRACKER_DATA_DIR when unset. */
    SESSION_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
    /**
     * Whole-request budget (headers and body) for receiving a request; a slower one is answered
     * 408 and its connection closed. Long enough for a 5 MB photo on a slow line.
     */
    REQUEST_TIMEOUT_MS: positiveInt(DEFAULT_REQUEST_TIMEOUT_MS),
    /**
     * Budget for a request's headers alone: a client that trickles its headers has its connection
     * closed after this (at most REQUEST_TIMEOUT_MS). Bodies have the whole-request budget.
     */
    HEADERS_TIMEOUT_MS: positiveInt(DEFAULT_HEADERS_TIMEOUT_MS),
    /** Upstream time budget for every call to the tracker. */
    TRACKER_TIMEOUT_MS: positiveInt(5000),
    /**
     * Load shedding: while the event loop's lag stays over this (ms), tracker calls are answered
     * 503 OVERLOADED with Retry-After at once instead of slowly, sign-ups and uploads from half of
     * it (0: never). Static files, pages, cached reads and health checks always answer.
     */
    LOAD_SHED_EVENT_LOOP_DELAY_MS: z._default(
      z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000)),
      1000,
    ),
    /**
     * How long /api/proxy serves a tracker read answer again without asking (0: never). Writes
     * through this site clear it at once; other changes (a hold running out) show within this time.
     */
    PROXY_CACHE_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000)), 1000),
    RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
    /** Requests to /api per client per window (reads). */
    RATE_LIMIT_READ_MAX: positiveInt(300),
    /** Writes (onboarding, holds, booking, feedback, confirm) per browser session per window. */
    RATE_LIMIT_WRITE_MAX: positiveInt(30),
    /**
     * Writes without a session per client address per window: a browser's first write (the role
     * step) has none yet, so a group arriving together from one network shares this.
     */
    RATE_LIMIT_WRITE_ANONYMOUS_MAX: positiveInt(120),
    /** Writes of every session together per client address per window: the flood ceiling. */
    RATE_LIMIT_WRITE_ADDRESS_MAX: positiveInt(600),
    /**
     * Accounts created (POST /api/users answered 201) per client address per signup window: a
     * class, a small group or a team signing up together from one network fits; refused attempts
     * are given back.
     */
    RATE_LIMIT_SIGNUP_MAX: positiveInt(150),
    /** Sign-up requests of any outcome per client address per signup window. */
    RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: positiveInt(120),
    /** Sign-up attempts per email address per signup window. */
    RATE_LIMIT_SIGNUP_EMAIL_MAX: positiveInt(5),
    /** Accounts created by all clients together per signup window. */
    RATE_LIMIT_SIGNUP_GLOBAL_MAX: positiveInt(1000),
    RATE_LIMIT_SIGNUP_WINDOW_MS: positiveInt(15 * 60_000),
    /** Profile saves (a photo each, up to 5 MB) per account per profile window. */
    RATE_LIMIT_PROFILE_MAX: positiveInt(6),
    RATE_LIMIT_PROFILE_WINDOW_MS: positiveInt(10 * 60_000),
    /**
     * Requests for the confirmation email again per client per resend window (the tracker limits
     * each address on top of this).
     */
    RATE_LIMIT_RESEND_MAX: positiveInt(10),
    RATE_LIMIT_RESEND_WINDOW_MS: positiveInt(15 * 60_000),
    /** Extra origins allowed to send state-changing requests (comma separated). */
    ALLOWED_ORIGINS: z.pipe(
      z.pipe(
        z._default(z.string(), ''),
        z.transform((value) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.url()),
    ),
    /** The built web app. */
    WEB_DIST: z._default(z.string(), repoPath('apps/web/dist')),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.TRACKER_API_URL && !env.TRACKER_API_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRACKER_API_KEY'],
          message: 'is required when TRACKER_API_URL is set',
        });
      }
    }),
  );

export type Env = z.infer<typeof EnvSchema>;

export { EnvError };

/** Parses the environment once at start-up; the error names each bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = parseEnv(EnvSchema, source);
  // Relative paths are taken from where the command was typed (pnpm runs scripts elsewhere).
  const base = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    TRACKER_DATA_DIR: resolveFromCommand(env.TRACKER_DATA_DIR, source),
    WEB_DIST: resolve(base, env.WEB_DIST),
  };
}
