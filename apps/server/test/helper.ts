import { fileURLToPath } from 'node:url';
import type { LogOptions } from '@app/server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '../src/build.ts';
import { loadEnv } from '../src/env.ts';

import { startTestTracker, type TestTracker } from './test-tracker.ts';

export { startTestTracker, type TestTracker };

export const WEB_FIXTURE = fileURLToPath(new URL('./fixtures/web', import.meta.url));
export const TEST_SECRET = 'test-session-secret-of-at-least-32-chars';

/** The origin inject() requests carry as their Host, so "same origin" means this. */
export const SITE_ORIGIN = 'http://localhost';

/** Headers of a same-origin JSON call as the web app makes it. */
export const JSON_HEADERS = { 'content-type': 'application/json', origin: SITE_ORIGIN };

export interface TestSiteOptions {
  tracker: { url: string; apiKey: string };
  env?: Record<string, string>;
  log?: Partial<LogOptions>;
  /** The read cache's clock, in ms. */
  now?: () => number;
}

/** The site as it runs in production, pointed at the given tracker, ready for inject(). */
export async function buildTestSite({ tracker, env = {}, log, now }: TestSiteOptions) {
  const config = {
    env: loadEnv({
      NODE_ENV: 'test',
      WEB_DIST: WEB_FIXTURE,
      TRACKER_API_URL: tracker.url,
      TRACKER_API_KEY: tracker.apiKey,
      LOG_LEVEL: 'silent',
      // Tests load the machine in bursts of their own; load shedding is tested on its own.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    }),
    tracker,
    sessionSecret: TEST_SECRET,
    ...(now ? { now } : {}),
  };
  return buildServer({ config, log });
}

/** Rate limits high enough that a suite never meets them. */
export const NO_LIMITS = {
  RATE_LIMIT_SIGNUP_MAX: '100000',
  RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '100000',
  RATE_LIMIT_SIGNUP_EMAIL_MAX: '100000',
  RATE_LIMIT_WRITE_MAX: '100000',
  RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000',
  RATE_LIMIT_WRITE_ADDRESS_MAX: '100000',
  RATE_LIMIT_READ_MAX: '100000',
  RATE_LIMIT_PROFILE_MAX: '100000',
  RATE_LIMIT_RESEND_MAX: '100000',
};

export interface TestSite {
  site: FastifyInstance;
  tracker: TestTracker;
  /** Runs `use` against another site, with these settings, in front of the same tracker. */
  withSite<T>(env: Record<string, string>, use: (site: FastifyInstance) => Promise<T>): Promise<T>;
}

/**
 * A real tracker and the site in front of it for the file's tests: started before them, closed
 * after them. Read `site` and `tracker` inside tests (they are set once the file starts). The
 * site's rate limits are out of reach unless `env` sets them.
 */
export function useTestSite(
  opts: { env?: Record<string, string>; trackerEnv?: Record<string, string> } = {},
): TestSite {
  const context = {
    async withSite(env, use) {
      const site = await buildTestSite({ tracker: context.tracker, env });
      try {
        return await use(site);
      } finally {
        await site.close();
      }
    },
  } as TestSite;
  beforeAll(async () => {
    context.tracker = await startTestTracker(opts.trackerEnv ? { env: opts.trackerEnv } : {});
    context.site = await buildTestSite({
      tracker: context.tracker,
      env: { ...NO_LIMITS, ...opts.env },
    });
  });
  afterAll(async () => {
    await context.site?.close();
    await context.tracker?.close();
  });
  return context;
}

/** The API key the stand-in upstreams are called with. */
export const STUB_API_KEY = 'acp_stubstubstubstubstubstub';

/** Settings of a site that listens on a loopback port of its own, as `startSite` runs it. */
export const listeningEnv = (env: Record<string, string>) =>
  loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    // The embedded tracker's front door on a free port too.
    TRACKER_PUBLIC_PORT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: WEB_FIXTURE,
    // Closing tests drain on purpose (site.drain()); the rest close at once.
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  });

/** ...in front of a stand-in upstream. */
export const stubbedEnv = (upstreamUrl: string, env: Record<string, string> = {}) =>
  listeningEnv({
    TRACKER_API_URL: upstreamUrl,
    TRACKER_API_KEY: STUB_API_KEY,
    SESSION_SECRET: TEST_SECRET,
    ...env,
  });

/** ...with its own tracker inside, on a test database. */
export const embeddedEnv = (
  database: { dataDir: string; databaseUrl?: string | undefined },
  env: Record<string, string> = {},
) =>
  listeningEnv({
    TRACKER_DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });

/** A stand-in upstream on loopback, for behaviour a real tracker will not show (down, slow). */
export async function startStubUpstream(
  setup: (stub: FastifyInstance) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const stub = Fastify();
  setup(stub);
  const url = await stub.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => stub.close() };
}

/** A multipart body as a browser's FormData would send it. */
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
) {
  const boundary = '----siteTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.filename) head.push(`Content-Type: ${part.type ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: SITE_ORIGIN },
  };
}

/** The smallest valid PNG (1x1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The session cookie a response set, ready to send back. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'ap_session');
  if (!cookie) throw new Error('no session cookie was set');
  return `ap_session=${cookie.value}`;
}

let emailCounter = 0;
/** A sign-up payload with an address no other test uses. */
export function signup(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    email: `member${emailCounter}.${process.pid}@example.com`,
    password: 'correct horse battery',
    name: 'Ada Lovelace',
    goalSummary: 'Write every morning',
    teamId: 1,
    ...overrides,
  };
}
