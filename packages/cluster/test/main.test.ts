/**
 * `pnpm cluster` under a supervisor: no terminal, its output on pipes, stopped by a signal.
 * Starts a cluster of its own (short drains, so the stop is quick); loopback only.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, it } from 'vitest';
import { portBase } from './ports.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const adminDatabaseUrl =
  process.env.CLUSTER_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose command line names `text` (HAProxy's names its run folder). */
async function processesNaming(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (args.includes(text)) pids.push(Number(entry));
  }
  return pids;
}

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length > 0;
  } finally {
    await admin.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

it('stops everything it started and drops its database on SIGTERM, without a terminal, its pipes closed', async () => {
  // As a supervisor runs it: a process group of its own, no terminal, output on pipes.
  const child = spawn('pnpm', ['start'], {
    cwd: packageDir,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Beside the other test's cluster when both are given CLUSTER_PORT_BASE.
      CLUSTER_PORT_BASE: process.env.CLUSTER_PORT_BASE
        ? String(Number(process.env.CLUSTER_PORT_BASE) + 16)
        : String(await portBase()),
      SHUTDOWN_DRAIN_MS: '200',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('stops everything.')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`pnpm cluster exited at start:\n${output}`)));
  });
  await started;
  const pids = [...output.matchAll(/: started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
  const database = /Database:\s+(\S+)/.exec(output)?.[1] ?? '';
  const runDir = /Logs:\s+(\S+)\/logs/.exec(output)?.[1] ?? '';
  expect(pids).toHaveLength(6);
  expect(existsSync(runDir)).toBe(true);
  expect(await databaseExists(database)).toBe(true);
  expect(await processesNaming(runDir)).not.toEqual([]);

  child.kill('SIGTERM');
  // The supervisor reads no more of what it prints.
  child.stdout.destroy();
  child.stderr.destroy();
  await exited;

  // pnpm may exit before the cluster is down: wait (bounded) for every process and the database.
  const deadline = Date.now() + 60_000;
  const left = async () => ({
    processes: [...pids.filter(alive), ...(await processesNaming(runDir))],
    database: await databaseExists(database),
    folder: existsSync(runDir),
  });
  let now = await left();
  while ((now.processes.length > 0 || now.database || now.folder) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = await left();
  }
  // What a failed stop left is cleared away, so the next run starts clean.
  for (const pid of now.processes) process.kill(pid, 'SIGKILL');
  if (now.database) await dropDatabase(database);
  expect(now).toEqual({ processes: [], database: false, folder: false });
}, 240_000);
