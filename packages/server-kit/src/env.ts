import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_KEY_RULE,
  DEFAULT_SITE_PORT,
  DEFAULT_TRACKER_PUBLIC_PORT,
  isWellFormedApiKey,
  localOrigin,
} from '@app/contracts';
import * as z from 'zod/mini';

/** pino's levels. */
export const LogLevel = z._default(
  z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  'info',
);

/** The variables both servers read, with one meaning and one rule each; each app extends it. */
/** The repository's data folder (this file's place, kept by the server's build). */
const REPO_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/**
 * A path setting as a person means it: relative to where they typed the command (pnpm runs each
 * package's scripts from its own folder, so the working directory alone would differ by server).
 */
export function resolveFromCommand(
  value: string,
  source: Record<string, string | undefined> = process.env,
): string {
  return resolve(source.INIT_CWD ?? process.cwd(), value);
}

export const BaseEnv = z.object({
  /**
   * The site's public origin, for the links in the tracker's emails (confirmation, onboarding).
   * When unset: the site on this machine, http://localhost:<the site's port> (siteUrlOf).
   */
  SITE_URL: z.optional(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }),
  ),
  /** PostgreSQL for the tracker; embedded PGlite under TRACKER_DATA_DIR when unset. */
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\/./, 'must be a postgres:// or postgresql:// URL')),
  ),
  /**
   * The tracker's data: PGlite files, uploads, the mail outbox, generated secrets. A relative path
   * is taken from where the command was typed (see resolveFromCommand); the default is the
   * repository's data folder, whichever server reads it.
   */
  TRACKER_DATA_DIR: z._default(z.string(), REPO_DATA_DIR),
  /** The tracker's API key; the tracker generates one into its data directory when unset. */
  TRACKER_API_KEY: z.optional(z.string().check(z.refine(isWellFormedApiKey, API_KEY_RULE))),
  LOG_LEVEL: LogLevel,
  /**
   * The tracker's public origin, its front door, where members and operators sign in: the
   * site's Sign In leads there and the tracker's mail links point there.
   */
  TRACKER_PUBLIC_URL: z._default(z.url(), localOrigin(DEFAULT_TRACKER_PUBLIC_PORT)),
  /** Shares rate-limit and sign-in failure counters between instances; in memory when unset. */
  REDIS_URL: z.optional(z.url()),
  /** The tracker API's port (loopback by default); any free port when unset. */
  TRACKER_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))),
  /** The port the front door listens on; default: the port of TRACKER_PUBLIC_URL. */
  TRACKER_PUBLIC_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))),
  /**
   * On SIGTERM, how long a process keeps serving after its readiness check turned 503, before it
   * stops listening: longer than a load balancer takes to see the check fail (HAProxy: `inter`
   * times `fall`), so it stops sending first and no request meets a closed port.
   */
  SHUTDOWN_DRAIN_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(120_000)), 5000),
  /**
   * Hops of reverse proxies (a load balancer) in front of the site and the tracker's front door,
   * so their per-address limits see the client's address (from X-Forwarded-For) rather than the
   * proxy's. 0: the peer's address is the client's.
   */
  TRUST_PROXY: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  /**
   * Where this process serves GET /metrics (Prometheus' text format), on a listener of its own;
   * unset: nowhere. Not for the public: the host is loopback unless METRICS_HOST says otherwise.
   */
  METRICS_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535))),
  /** The metrics listener's address: keep it on loopback or a private network Prometheus reaches. */
  METRICS_HOST: z._default(z.string(), '127.0.0.1'),
});

/** Fastify's `trustProxy` for TRUST_PROXY hops: trusts that many proxies, nearest first. */
export function trustProxyHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * SITE_URL as both servers mean it: as set, without a trailing slash; when unset, the site on
 * this machine at `sitePort` (the site passes its PORT; a tracker on its own assumes the site's
 * default port).
 */
export function siteUrlOf(
  env: { SITE_URL?: string | undefined },
  sitePort: number = DEFAULT_SITE_PORT,
): string {
  return (env.SITE_URL ?? localOrigin(sitePort)).replace(/\/+$/, '');
}

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
export function parseEnv<S extends z.ZodMiniType>(
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
