import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { StatusResponse } from '@app/contracts';
import { createTestDatabase } from '@app/tracker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSite } from '../src/start.ts';
import { embeddedEnv, startStubUpstream, stubbedEnv, WEB_FIXTURE } from './helper.ts';

/**
 * Starting the tracker's thread loads it from source and opens a database: with the other test
 * files running beside this one on a busy machine, that alone has taken over 30 s.
 */
const STARTS = { timeout: 120_000 };

describe('startSite', STARTS, () => {
  it('starts the tracker on a thread of its own when no TRACKER_API_URL is set, and closes it', async () => {
    const database = await createTestDatabase();
    const env = embeddedEnv(database);
    try {
      const site = await startSite(env);
      expect(site.tracker.worker?.threadId).toBeGreaterThan(threadId);
      // Its young generation is bounded (V8's default here would be 192 MiB, and the thread grew
      // to 128 MiB while starting PGlite: decision 36).
      expect(site.tracker.worker?.resourceLimits?.maxYoungGenerationSizeMb).toBe(24);
      const status = StatusResponse.parse(await (await fetch(`${site.url}/api/status`)).json());
      expect(status.apiBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(status.testConnection).toMatchObject({ success: true, status: 200 });
      expect(status.apiKeyLength).toBe(28);
      const page = await fetch(`${site.url}/onboarding`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const secret = await stat(join(database.dataDir, 'session-secret'));
      expect(secret.mode & 0o777).toBe(0o600);
      // Draining the site drains its tracker's thread too (the front door's readiness with it).
      expect((await fetch(`${site.tracker.url}/health/ready`)).status).toBe(200);
      site.drain();
      await vi.waitFor(async () => {
        const ready = await fetch(`${site.tracker.url}/health/ready`);
        expect(await ready.json()).toMatchObject({ reason: 'draining' });
      });
      const threadEnded = new Promise((resolve) => site.tracker.worker?.once('exit', resolve));
      await site.close();
      expect(await threadEnded).toBe(0);
      // The data directory is free again: a second start on it succeeds.
      const again = await startSite(env);
      await again.close();
    } finally {
      await database.cleanup();
    }
  });

  it('drains: not ready while a request is in flight, which finishes on close, then stops', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const upstream = await startStubUpstream((stub) => {
      stub.get('/health/live', async () => ({ status: 'live' }));
      stub.get('/focus-areas', async () => {
        release();
        await finished;
        return { focusAreas: [] };
      });
    });
    const site = await startSite(stubbedEnv(upstream.url));
    const inFlight = fetch(`${site.url}/api/status`);
    await arrived;
    site.drain();
    expect((await fetch(`${site.url}/health/ready`)).status).toBe(503);
    const closed = site.close();
    finish();
    await closed;
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(StatusResponse.parse(await response.json()).testConnection.success).toBe(true);
    await expect(fetch(`${site.url}/api/status`)).rejects.toThrow();
    await upstream.close();
  });
});

describe('the embedded tracker thread', STARTS, () => {
  it('reports a crash once, and the site still closes', async () => {
    const database = await createTestDatabase();
    try {
      const onTrackerExit = vi.fn();
      const site = await startSite(embeddedEnv(database), { onTrackerExit });
      // Stopped from outside, as an out-of-memory or a fatal error in the thread would stop it.
      await site.tracker.worker?.terminate();
      await vi.waitFor(() => expect(onTrackerExit).toHaveBeenCalledTimes(1));
      expect(onTrackerExit.mock.calls[0]?.[0].message).toMatch(
        /^The embedded tracker stopped unexpectedly \(thread exit code 1\)/,
      );
      const proxied = await fetch(`${site.url}/api/proxy/focus-areas`);
      expect(proxied.status).toBe(502);
      await site.close();
      expect(onTrackerExit).toHaveBeenCalledTimes(1);
    } finally {
      await database.cleanup();
    }
  });
});

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
/** The build `pnpm test` made first; from source (through tsx, slower) when it is missing. */
const BUILT = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const serverArgs = () => (existsSync(BUILT) ? [BUILT] : ['--import', 'tsx', SERVER]);

/** Runs the site's process entry until it exits: its exit code and what it printed. */
function runSite(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverArgs(), {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        TRACKER_PUBLIC_PORT: '0',
        WEB_DIST: WEB_FIXTURE,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A tmpfs of its own (needs the right to mount, as root in a container): a real EROFS / ENOSPC. */
const mounts: string[] = [];
async function mountTmpfs(options: string): Promise<string | null> {
  const dir = await mkdtemp(join(os.tmpdir(), 'site-data-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    mounts.push(dir);
    return dir;
  } catch {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
}

describe('a data directory that cannot be written', STARTS, () => {
  let readOnly: string | null = null;
  let full: string | null = null;
  beforeAll(async () => {
    readOnly = await mountTmpfs('size=64k,ro');
    full = await mountTmpfs('size=64k');
    if (full) await writeFile(join(full, 'filler'), Buffer.alloc(60 * 1024)).catch(() => {});
  });
  afterAll(async () => {
    for (const dir of mounts.splice(0)) {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops the start with exit 1, the path and what to do, when it is read-only', async (context) => {
    if (!readOnly) return context.skip('mounting a tmpfs is not allowed here');
    const dataDir = join(readOnly, 'data');
    const { code, output } = await runSite({ TRACKER_DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`The data directory ${dataDir} is on a read-only file system (EROFS)`);
    expect(output).toContain('mount it read-write, or set TRACKER_DATA_DIR');
    // Written for people: no stack trace.
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('stops the start with exit 1, the path and what to do, when its disk is full', async (context) => {
    if (!full) return context.skip('mounting a tmpfs is not allowed here');
    const { code, output } = await runSite({ TRACKER_DATA_DIR: full });
    expect(code).toBe(1);
    expect(output).toContain(`The disk that holds the data directory ${full} is full (ENOSPC)`);
    expect(output).toContain('Free some space there');
    expect(output).not.toMatch(/\n\s+at /);
  });
});

describe('damaged data in the data directory', STARTS, () => {
  it('stops the start with exit 1 and one line saying what to do, when the PGlite files are damaged', async () => {
    const dataDir = await mkdtemp(join(os.tmpdir(), 'site-damaged-'));
    try {
      // A database directory whose files are not a database (a disk error, a half-copied backup).
      await mkdir(join(dataDir, 'pglite'), { recursive: true });
      await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), 'not a version\n');
      await writeFile(join(dataDir, 'pglite', 'postgresql.conf'), Buffer.alloc(512, 0xff));
      const { code, output } = await runSite({ TRACKER_DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`The database in ${join(dataDir, 'pglite')} could not be opened`);
      expect(output).toContain('Restore that directory from a backup, or move it away');
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stops the start with exit 1 and one line saying what to do, when the api-key file is garbage', async () => {
    const dataDir = await mkdtemp(join(os.tmpdir(), 'site-garbage-key-'));
    try {
      await writeFile(join(dataDir, 'api-key'), 'this is not a key\n');
      const { code, output } = await runSite({ TRACKER_DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`${join(dataDir, 'api-key')} does not hold an API key`);
      expect(output).toContain('delete it to have a new one made');
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
