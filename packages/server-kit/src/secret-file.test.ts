import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrCreateSecret, type SecretFile } from './secret-file.ts';

// A slow disk: writeFile creates the file at once and fills it 30 ms later, as a loaded machine
// can. A file made in place can then be read by another start while it is still empty.
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const slowWriteFile: typeof fs.writeFile = async (file, data, options) => {
    const opts = typeof options === 'object' && options !== null ? options : {};
    const handle = await fs.open(file as string, opts.flag ?? 'w', opts.mode);
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await handle.writeFile(data as string);
    } finally {
      await handle.close();
    }
  };
  return { ...fs, default: { ...fs, writeFile: slowWriteFile }, writeFile: slowWriteFile };
});

describe('loadOrCreateSecret', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const secret = (file: string): SecretFile => ({
    file,
    generate: () => randomBytes(20).toString('hex'),
    isValid: (value) => value.length === 40,
    expected: 'forty characters',
  });

  it('creates the secret once, readable by its owner only, and every start at once gets it whole', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kit-secret-'));
    const file = path.join(dir, 'nested', 'secret');
    const values = await Promise.all(
      Array.from({ length: 8 }, () => loadOrCreateSecret(secret(file))),
    );
    expect(new Set(values).size).toBe(1);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(values[0]);
    expect(await readdir(path.dirname(file))).toEqual(['secret']);
    expect(await loadOrCreateSecret(secret(file))).toBe(values[0]);
  });

  it('refuses a file holding something unusable instead of replacing it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kit-secret-'));
    const file = path.join(dir, 'secret');
    await writeFile(file, 'short\n');
    await expect(loadOrCreateSecret(secret(file))).rejects.toThrow(/forty characters/);
    expect(await readFile(file, 'utf8')).toBe('short\n');
  });
});
