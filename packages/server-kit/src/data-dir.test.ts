import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDataDir,
  DataDirError,
  type DataDirFs,
  dataDirProblem,
  StartupError,
} from './data-dir.ts';

const errno = (code: string) => Object.assign(new Error(`${code}: failed, open '/x'`), { code });

/** File-system calls that fail with `code` at `step` and succeed otherwise. */
function failing(step: 'mkdir' | 'open' | 'write' | 'sync', code: string): DataDirFs {
  const fail = async () => {
    throw errno(code);
  };
  return {
    mkdir: (step === 'mkdir' ? fail : async () => undefined) as unknown as DataDirFs['mkdir'],
    open: (step === 'open'
      ? fail
      : async () => ({
          writeFile: step === 'write' ? fail : async () => undefined,
          sync: step === 'sync' ? fail : async () => undefined,
          close: async () => undefined,
        })) as unknown as DataDirFs['open'],
    rm: (async () => undefined) as unknown as DataDirFs['rm'],
  };
}

describe('checkDataDir', () => {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('passes on a writable directory, makes a missing one, and leaves nothing behind', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'data-dir-'));
    made.push(base);
    const dir = path.join(base, 'new', 'data');
    await checkDataDir(dir);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(dir)).toEqual([]);
  });

  it.each([
    ['mkdir', 'EROFS', /read-only file system \(EROFS\)/],
    ['open', 'EROFS', /read-only file system \(EROFS\)/],
    ['open', 'EACCES', /cannot be written by this user \(EACCES\)/],
    ['write', 'ENOSPC', /disk that holds the data directory .* is full \(ENOSPC\)/],
    ['sync', 'EDQUOT', /is full \(EDQUOT\)/],
  ] as const)(
    'says what to do when %s fails with %s, naming the path',
    async (step, code, text) => {
      const dir = '/srv/app/data';
      const error = await checkDataDir(dir, { fs: failing(step, code) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirError);
      expect(error).toBeInstanceOf(StartupError);
      const message = (error as Error).message;
      expect(message).toMatch(text);
      expect(message).toContain(dir);
      expect(message).toContain('TRACKER_DATA_DIR');
    },
  );

  it('passes other failures on as they are', async () => {
    const error = await checkDataDir('/x', { fs: failing('open', 'EMFILE') }).catch((e) => e);
    expect(error).not.toBeInstanceOf(DataDirError);
    expect((error as NodeJS.ErrnoException).code).toBe('EMFILE');
  });
});

describe('dataDirProblem', () => {
  it("reads PGlite's Emscripten errors (disk full was `ErrnoError { errno: 51 }`)", () => {
    const full = Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 });
    expect(dataDirProblem('/d', full)?.reason).toBe('full');
    const readOnly = Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 69 });
    expect(dataDirProblem('/d', readOnly)?.reason).toBe('read-only');
  });

  it('looks through wrapped causes and ignores what is not about the directory', () => {
    const wrapped = new Error('migration failed', { cause: errno('ENOSPC') });
    expect(dataDirProblem('/d', wrapped)?.message).toMatch(/is full \(ENOSPC\)/);
    expect(dataDirProblem('/d', new Error('syntax error'))).toBeUndefined();
    expect(dataDirProblem('/d', errno('ECONNREFUSED'))).toBeUndefined();
  });
});
