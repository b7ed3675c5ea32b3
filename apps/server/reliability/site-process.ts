/**
 * Runs the site (with its embedded tracker) as a child process on a port of its own, for the
 * reliability scripts: the load generator must not share the server's event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const WEB_FIXTURE = fileURLToPath(new URL('../test/fixtures/web', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startSiteProcess(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<SiteProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      TRACKER_DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      WEB_DIST: process.env.WEB_DIST ?? WEB_FIXTURE,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNUP_MAX: '1000000',
      RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '1000000',
      RATE_LIMIT_SIGNUP_GLOBAL_MAX: '1000000',
      RATE_LIMIT_WRITE_MAX: '1000000',
      RATE_LIMIT_WRITE_ANONYMOUS_MAX: '1000000',
      RATE_LIMIT_WRITE_ADDRESS_MAX: '1000000',
      RATE_LIMIT_READ_MAX: '1000000',
      TRACKER_LOCK_STALE_SECONDS: '3',
      SHUTDOWN_DRAIN_MS: '0',
      ...opts.env,
    },
    stdio: ['ignore', process.env.SITE_LOGS ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/proxy/teams`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the site did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

let counter = 0;
/** A sign-up as the browser sends it: its own address, its own idempotency key. */
export function signupRequest(origin: string) {
  counter += 1;
  const id = `${process.pid}-${Date.now()}-${counter}`;
  return {
    email: `load-${id}@example.com`,
    key: `load-key-${id}`,
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'idempotency-key': `load-key-${id}`,
      },
      body: JSON.stringify({
        email: `load-${id}@example.com`,
        password: 'correct horse battery',
        name: 'Load Test',
        goalSummary: 'Measure things',
        teamId: 1,
      }),
    } satisfies RequestInit,
  };
}
