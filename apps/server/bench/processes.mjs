// The processes the bench runs: the compiled site (with its embedded tracker) and a bare Fastify
// app to compare the proxy with; free ports, waiting for an answer, memory, stopping.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { siteNodeArgs } from '../scripts/start-command.ts';
import { OPERATOR, serverDir, webDist } from './config.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory (MiB) of a process now, and its peak so far. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

export async function waitFor(url, child, limitMs = 180_000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

/**
 * Starts the compiled site on `port` with its data in `dataDir`, the tracker's front door at
 * `trackerBase` and its API on `trackerApiPort`; resolves once /api/proxy/teams answers 200, with
 * the time it took.
 */
export async function startSite(port, dataDir, { trackerBase, trackerApiPort }) {
  const started = performance.now();
  const child = spawn(process.execPath, siteNodeArgs(), {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRACKER_DATA_DIR: dataDir,
      TRACKER_PUBLIC_URL: trackerBase,
      TRACKER_PORT: String(trackerApiPort),
      WEB_DIST: webDist,
      // The tracker's first operator, for Lighthouse of the console's queue.
      ADMIN_EMAIL: OPERATOR.email,
      LOG_LEVEL: 'warn',
      // No load balancer to wait for: the shutdown figure is the close itself.
      SHUTDOWN_DRAIN_MS: '0',
      // The load generator is one client: lift the per-client limits so every answer is a 2xx.
      RATE_LIMIT_READ_MAX: '100000000',
      RATE_LIMIT_WRITE_MAX: '100000000',
      RATE_LIMIT_WRITE_ANONYMOUS_MAX: '100000000',
      RATE_LIMIT_WRITE_ADDRESS_MAX: '100000000',
      RATE_LIMIT_SIGNUP_MAX: '100000000',
      RATE_LIMIT_SIGNUP_ATTEMPTS_MAX: '100000000',
      RATE_LIMIT_SIGNUP_GLOBAL_MAX: '100000000',
      // The reset timing below asks hundreds of times about one address.
      RESET_REQUESTS_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/proxy/teams`, child);
  return { child, startMs: performance.now() - started };
}

export async function stop(child) {
  const started = performance.now();
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  return performance.now() - started;
}

/** A bare Fastify app answering {hello:'world'}, in its own process like the site. */
export async function startHello(port) {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/`, child, 30_000);
  return child;
}
