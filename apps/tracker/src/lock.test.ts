import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'tracker-lock-'));
  dirs.push(d);
  return d;
};

describe('data directory lock', () => {
  it('is exclusive while held and free again once released', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    expect((await readFile(path.join(dir, LOCK_FILE), 'utf8')).trim()).toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses while another live process holds it', async () => {
    const dir = await tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${other.pid})`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = await tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(path.join(dir, LOCK_FILE), `${dead.pid}\n`);
    const release = await lockDataDir(dir);
    expect((await readFile(path.join(dir, LOCK_FILE), 'utf8')).trim()).toBe(String(process.pid));
    await release();
  });
});
