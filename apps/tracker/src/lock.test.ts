import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'tracker-lock-'));
  dirs.push(d);
  return d;
};

/** Another process that takes and releases the lock when told to. */
function contender() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../test/fixtures/lock-contender.ts')],
    { cwd: path.join(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  const answer = () =>
    new Promise<string>((resolve) => {
      const line = lines.shift();
      if (line !== undefined) resolve(line);
      else waiting.push(resolve);
    });
  return {
    child,
    /** Sends a command and resolves with the one-line answer. */
    tell(command: string) {
      child.stdin?.write(`${command}\n`);
      return answer();
    },
  };
}

/** A lock directory as a killed process leaves it: not refreshed for a minute. */
async function staleLock(dir: string) {
  const lock = path.join(dir, LOCK_FILE);
  await mkdir(lock);
  const old = new Date(Date.now() - 60_000);
  await utimes(lock, old, old);
}

describe('data directory lock', () => {
  it('is exclusive while held and free again once released', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir, { staleMs: 2_000 });
    expect((await stat(path.join(dir, LOCK_FILE))).isDirectory()).toBe(true);
    await expect(lockDataDir(dir, { staleMs: 2_000, waitMs: 0 })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    await release();
    const again = await lockDataDir(dir, { staleMs: 2_000, waitMs: 0 });
    await again();
  });

  it('refuses while another live process holds it, however long it runs', async () => {
    const dir = await tempDir();
    const other = contender();
    expect(await other.tell(`take ${dir} 2000 0`)).toBe('won');
    // Longer than the lock takes to go stale: the owner keeps it fresh.
    await expect(lockDataDir(dir, { staleMs: 2_000, waitMs: 4_000 })).rejects.toThrow(
      /in use by another tracker process/,
    );
  });

  it('starts after the previous owner was killed with SIGKILL (no pid involved, so pid 1 too)', async () => {
    const dir = await tempDir();
    const other = contender();
    expect(await other.tell(`take ${dir} 2000 0`)).toBe('won');
    const exited = new Promise((resolve) => other.child.once('exit', resolve));
    other.child.kill('SIGKILL');
    await exited;
    const release = await lockDataDir(dir, { staleMs: 2_000, waitMs: 6_000 });
    await release();
  });

  it('gives a stale lock to exactly one of the processes racing for it, 40 times over', async () => {
    // Four at once: with two, proper-lockfile's own take-over let both win only rarely here.
    const all = Array.from({ length: 4 }, () => contender());
    /** Winners per round. */
    const outcomes: number[] = [];
    for (let round = 0; round < 40; round++) {
      const dir = await tempDir();
      await staleLock(dir);
      const answers = await Promise.all(all.map((c) => c.tell(`take ${dir} 2000 0`)));
      outcomes.push(answers.filter((answer) => answer === 'won').length);
      await Promise.all(all.map((c) => c.tell('release')));
    }
    expect(outcomes).toEqual(Array.from({ length: 40 }, () => 1));
  }, 120_000);
});
