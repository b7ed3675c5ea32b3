import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_KEY_RULE,
  DECISION_UNDO_SECONDS,
  PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR,
  RESET_REQUEST_LIMITS,
} from '@app/contracts';
import {
  BaseEnv,
  EnvError,
  type LogOptions,
  parseEnv,
  portOf,
  resolveFromCommand,
  siteUrlOf,
} from '@app/server-kit';
import * as z from 'zod/mini';
import { isWellFormedApiKey } from './api-key.ts';
import type { MailTransport } from './mailer.ts';
import { ARGON2_PARAMS, type HashCost } from './password.ts';
import type { Weekday } from './schedule.ts';
import type { PhotoStorage } from './storage.ts';

const weekdays = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^[0-6](,[0-6])*$/,
        'a comma-separated list of weekdays, 0 = Sunday ... 6 = Saturday',
      ),
    ),
  z.transform((s) => [...new Set(s.split(',').map(Number))] as Weekday[]),
);

/** Every environment variable the tracker reads, on top of the ones both servers share. */
export const EnvSchema = z.extend(BaseEnv, {
  TRACKER_HOST: z._default(z.string(), '127.0.0.1'),
  /** Signs the front door's session cookie; generated once and kept in the data directory. */
  TRACKER_SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** Failed sign-ins allowed per address from one network address in the window below. */
  SIGN_IN_FAILURES_MAX: z._default(z.coerce.number().check(z.int(), z.positive()), 5),
  /** How long an operator can take back an approval or a decline; its mail waits as long. */
  DECISION_UNDO_SECONDS: z._default(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(600)),
    DECISION_UNDO_SECONDS,
  ),
  SIGN_IN_FAILURE_WINDOW_SECONDS: z._default(z.coerce.number().check(z.int(), z.positive()), 900),
  /** Password reset requests an hour for one address; six times as many from one client. */
  RESET_REQUESTS_MAX: z._default(
    z.coerce.number().check(z.int(), z.positive()),
    RESET_REQUEST_LIMITS.perAddressPerHour,
  ),
  /**
   * Passkey sign-in challenges an hour from one client: asked for signed out, each a stored row
   * (every sign-in page asks for one for the address field's passkey autofill).
   */
  PASSKEY_CHALLENGES_MAX: z._default(
    z.coerce.number().check(z.int(), z.positive()),
    PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR,
  ),
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL'))),
  MAIL_FROM: z._default(z.string(), 'Accountability Partners <no-reply@localhost>'),
  ADMIN_EMAIL: z.optional(z.email()),
  BOOKING_WEEKDAYS: z._default(weekdays, [1, 2, 3, 4, 5]),
  EMAIL_TOKEN_TTL_HOURS: z._default(z.coerce.number().check(z.positive()), 72),
  MAIL_RETRY_SECONDS: z._default(z.coerce.number().check(z.positive()), 30),
  /** How often due check-in reminders are looked for; 0 turns the schedule off. */
  REMINDER_CHECK_SECONDS: z._default(z.coerce.number().check(z.nonnegative()), 60),
  /**
   * How often the retention schedule deletes what is no longer needed (and, on PGlite, vacuums
   * lightly); 0 turns it off.
   */
  RETENTION_CHECK_SECONDS: z._default(z.coerce.number().check(z.nonnegative()), 3600),
  /** Days sent mail (its rows and the outbox's .eml files) is kept. */
  MAIL_RETENTION_DAYS: z._default(z.coerce.number().check(z.positive()), 30),
  /** Days the operators' audit log keeps a line. */
  AUDIT_RETENTION_DAYS: z._default(z.coerce.number().check(z.positive()), 365),
  /**
   * PostgreSQL connections per tracker. At least 2: the start-up holds one (the migration lock)
   * while it looks for the first seed on another; with one alone it would wait for ever.
   */
  PG_POOL_MAX: z._default(
    z.coerce.number().check(z.int(), z.gte(2, 'a whole number of at least 2')),
    10,
  ),
  /** A data-directory lock not refreshed for this long is a dead process's and is taken over. */
  TRACKER_LOCK_STALE_SECONDS: z._default(z.coerce.number().check(z.gte(2)), 15),
  /**
   * The VAPID key pair push reminders are signed with (base64url, as web-push's
   * generateVAPIDKeys gives it); both or neither. Unset: generated once into the data directory.
   */
  VAPID_PUBLIC_KEY: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key: 87 base64url characters')),
  ),
  VAPID_PRIVATE_KEY: z.optional(
    z
      .string()
      .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key: 43 base64url characters')),
  ),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z.optional(
    z
      .string()
      .check(
        z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'a mailto: address or an https:// URL'),
      ),
  ),
  /** The push services members' devices may subscribe with (host names; their subdomains too). */
  PUSH_SERVICE_HOSTS: z.pipe(
    z._default(
      z
        .string()
        .check(z.regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/, 'a comma-separated list of host names')),
      'fcm.googleapis.com,updates.push.services.mozilla.com,notify.windows.com,push.apple.com',
    ),
    z.transform((s) => s.split(',')),
  ),
  /** Password hashes (sign-ups, sign-ins) computed at once; the other cores stay free. */
  SIGNUP_CONCURRENCY: z._default(z.coerce.number().check(z.int(), z.positive()), 2),
  /** Sign-ups waiting for a hashing slot; one more is answered 503 with Retry-After. */
  SIGNUP_QUEUE_MAX: z._default(z.coerce.number().check(z.int(), z.nonnegative()), 100),
});
export type Env = z.output<typeof EnvSchema>;

/** Options of startTracker / buildTracker. Each one overrides its environment variable. */
export interface TrackerOptions {
  /** TRACKER_DATA_DIR: PGlite files, the generated API key, uploads, the .eml outbox. */
  dataDir?: string;
  /** DATABASE_URL: use PostgreSQL instead of the embedded PGlite. */
  databaseUrl?: string;
  /** TRACKER_API_KEY; when none, one is generated once and kept in the data directory. */
  apiKey?: string;
  /** TRACKER_HOST (startTracker only; default 127.0.0.1). */
  host?: string;
  /** TRACKER_PORT (startTracker only). */
  port?: number;
  /** The port when neither `port` nor TRACKER_PORT says: 0 (any free port) as a library. */
  defaultPort?: number;
  /** SITE_URL: the origin of the site, for links in emails. */
  siteUrl?: string;
  /** TRACKER_PUBLIC_URL: the front door's origin. */
  publicUrl?: string;
  /**
   * The front door's port (startTracker only). It listens when this is given or `frontDoor` is
   * true; a library tracker (tests) runs without one unless asked.
   */
  publicPort?: number;
  /**
   * Where GET /metrics is served (startTracker only); null: nowhere. Default: METRICS_PORT on
   * METRICS_HOST when METRICS_PORT is set.
   */
  metrics?: { host: string; port: number } | null;
  /** Run the front door, on TRACKER_PUBLIC_PORT or else the port of TRACKER_PUBLIC_URL. */
  frontDoor?: boolean;
  /** The built tracker web app the front door serves (default apps/tracker-web/dist). */
  webDir?: string;
  /** Log lines (redacted) at this level or LOG_LEVEL; nothing is logged unless given. */
  logger?: boolean | Partial<LogOptions>;
  /** Environment to read instead of process.env. */
  env?: NodeJS.ProcessEnv;
  /** The clock; tests inject one. */
  now?: () => Date;
  /** Where mail goes instead of SMTP_URL or the .eml outbox. */
  mailTransport?: MailTransport;
  /** Where photos go instead of dataDir/uploads. */
  storage?: PhotoStorage;
  bookingWeekdays?: Weekday[];
  /** REMINDER_CHECK_SECONDS: how often reminders are looked for; 0 runs none on a timer. */
  reminderCheckSeconds?: number;
  /** The argon2id cost of new password hashes: OWASP's (ARGON2_PARAMS) unless a test asks less. */
  passwordCost?: HashCost;
  /**
   * Origins, http: ones included, that push subscriptions may name besides PUSH_SERVICE_HOSTS'
   * https ones: tests run a push service on the loopback. No setting reaches it.
   */
  pushServiceOrigins?: string[];
}

/** Everything the tracker runs with, resolved once from the options and the environment. */
export interface TrackerConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The configured key; undefined means the one kept in the data directory. */
  apiKey: string | undefined;
  host: string;
  port: number;
  siteUrl: string;
  publicUrl: string;
  /** Null: no front door. */
  publicPort: number | null;
  /** The metrics listener's address; null: none. */
  metrics: { host: string; port: number } | null;
  webDir: string;
  sessionSecret: string | undefined;
  redisUrl: string | undefined;
  /** Reverse proxies in front of the front door (TRUST_PROXY). */
  trustProxy: number;
  signInFailuresMax: number;
  decisionUndoMs: number;
  signInFailureWindowMs: number;
  /** Reset requests an hour per address asked about (RESET_REQUESTS_MAX). */
  resetRequestsMax: number;
  /** Passkey sign-in challenges an hour from one client (PASSKEY_CHALLENGES_MAX). */
  passkeyChallengesMax: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  bookingWeekdays: Weekday[];
  emailTokenTtlMs: number;
  mailRetryMs: number;
  /** 0: no reminder timer (runReminders is then called by whoever drives the schedule). */
  reminderCheckMs: number;
  /** 0: no retention timer (tests run app.retention.run() themselves). */
  retentionCheckMs: number;
  mailRetentionDays: number;
  auditRetentionDays: number;
  pgPoolMax: number;
  signupConcurrency: number;
  lockStaleMs: number;
  signupQueueMax: number;
  /** SHUTDOWN_DRAIN_MS: on SIGTERM, how long the standalone tracker serves while not ready. */
  drainMs: number;
  logLevel: Env['LOG_LEVEL'];
  now: () => Date;
  passwordCost: HashCost;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; undefined: the pair kept in the data directory. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT, else the front door's https origin, else a mailto: of MAIL_FROM's address. */
  vapidSubject: string;
  pushServiceHosts: string[];
  pushServiceOrigins: string[];
}

/** The VAPID subject when VAPID_SUBJECT is unset: an https front door, else the sender's address. */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** The tracker web app's build, beside this package (also from the site's bundled copy). */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../tracker-web/dist', import.meta.url));

export function resolveConfig(opts: TrackerOptions): TrackerConfig {
  const env = parseEnv(EnvSchema, opts.env ?? process.env, 'tracker configuration');
  const apiKey = opts.apiKey ?? env.TRACKER_API_KEY;
  if (apiKey !== undefined && !isWellFormedApiKey(apiKey)) {
    throw new EnvError(`Invalid tracker configuration: the API key must be ${API_KEY_RULE}`);
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new EnvError(
      'Invalid tracker configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  const publicUrl = new URL(opts.publicUrl ?? env.TRACKER_PUBLIC_URL).origin;
  return {
    dataDir: opts.dataDir
      ? path.resolve(opts.dataDir)
      : resolveFromCommand(env.TRACKER_DATA_DIR, opts.env ?? process.env),
    databaseUrl: opts.databaseUrl ?? env.DATABASE_URL,
    apiKey,
    host: opts.host ?? env.TRACKER_HOST,
    port: opts.port ?? env.TRACKER_PORT ?? opts.defaultPort ?? 0,
    siteUrl: siteUrlOf({ SITE_URL: opts.siteUrl ?? env.SITE_URL }),
    publicUrl,
    publicPort:
      opts.publicPort ??
      (opts.frontDoor
        ? (env.TRACKER_PUBLIC_PORT ?? portOf(opts.publicUrl ?? env.TRACKER_PUBLIC_URL))
        : null),
    metrics:
      opts.metrics !== undefined
        ? opts.metrics
        : env.METRICS_PORT === undefined
          ? null
          : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    webDir: path.resolve(opts.webDir ?? DEFAULT_WEB_DIR),
    sessionSecret: env.TRACKER_SESSION_SECRET,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    signInFailuresMax: env.SIGN_IN_FAILURES_MAX,
    decisionUndoMs: env.DECISION_UNDO_SECONDS * 1000,
    signInFailureWindowMs: env.SIGN_IN_FAILURE_WINDOW_SECONDS * 1000,
    resetRequestsMax: env.RESET_REQUESTS_MAX,
    passkeyChallengesMax: env.PASSKEY_CHALLENGES_MAX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmail: env.ADMIN_EMAIL,
    bookingWeekdays: opts.bookingWeekdays ?? env.BOOKING_WEEKDAYS,
    emailTokenTtlMs: env.EMAIL_TOKEN_TTL_HOURS * 3_600_000,
    mailRetryMs: env.MAIL_RETRY_SECONDS * 1000,
    reminderCheckMs: (opts.reminderCheckSeconds ?? env.REMINDER_CHECK_SECONDS) * 1000,
    retentionCheckMs: env.RETENTION_CHECK_SECONDS * 1000,
    mailRetentionDays: env.MAIL_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    pgPoolMax: env.PG_POOL_MAX,
    signupConcurrency: env.SIGNUP_CONCURRENCY,
    lockStaleMs: env.TRACKER_LOCK_STALE_SECONDS * 1000,
    signupQueueMax: env.SIGNUP_QUEUE_MAX,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    logLevel: env.LOG_LEVEL,
    now: opts.now ?? (() => new Date()),
    passwordCost: opts.passwordCost ?? ARGON2_PARAMS,
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, env.MAIL_FROM),
    pushServiceHosts: env.PUSH_SERVICE_HOSTS,
    pushServiceOrigins: (opts.pushServiceOrigins ?? []).map((o) => new URL(o).origin),
  };
}
