import type { LogOptions } from '@app/server-kit';
import {
  createTestDatabase,
  type PhotoStorage,
  type RunningTracker,
  startTracker,
} from '@app/tracker';

/**
 * A real tracker for the site's tests, on a fresh copy of the seeded test database (PostgreSQL when
 * TEST_DATABASE_URL is set). Imports nothing of Vitest: a child process of a test starts one too.
 */
export interface TestTracker {
  url: string;
  apiKey: string;
  /** Every message the tracker sent, newest last. */
  mail: { to: string; subject: string; text: string }[];
  /** Moves the tracker's clock forward (token expiry). */
  advance(ms: number): void;
  running: RunningTracker;
  /** Closes the tracker and removes its database, once. */
  close(): Promise<void>;
}

/** A real tracker on loopback over a fresh copy of the seeded test database. */
export async function startTestTracker(
  opts: { log?: LogOptions; env?: Record<string, string>; storage?: PhotoStorage } = {},
): Promise<TestTracker> {
  const database = await createTestDatabase();
  const mail: TestTracker['mail'] = [];
  let offset = 0;
  let closed: Promise<void> | undefined;
  const running = await startTracker({
    dataDir: database.dataDir,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    port: 0,
    env: opts.env ?? {},
    // The same logger the site gives its embedded tracker.
    logger: opts.log ? { ...opts.log, name: 'tracker' } : false,
    now: () => new Date(Date.now() + offset),
    ...(opts.storage ? { storage: opts.storage } : {}),
    mailTransport: {
      async send(message) {
        mail.push(message);
      },
    },
  });
  return {
    url: running.url,
    apiKey: running.apiKey,
    mail,
    advance: (ms) => {
      offset += ms;
    },
    running,
    // Once, however many callers ask (a test's close, then its clean-up).
    close: () => {
      closed ??= running.close().then(() => database.cleanup());
      return closed;
    },
  };
}
