import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './data-dir.ts';

export interface SecretFile {
  /** Where the secret is kept (created mode 0600, with its directory, when missing). */
  file: string;
  generate(): string;
  /** Whether a stored value can be used; one that cannot stops the start with a clear message. */
  isValid(value: string): boolean;
  /** What a usable value looks like, for that message. */
  expected: string;
}

/**
 * A generated secret kept in the data directory: read when there, created once otherwise. Two
 * processes starting together on one directory end up with the same secret. The value is written
 * in full to a file of its own first and then linked to its place, which fails when the place is
 * taken: the file appears whole or not at all, so the loser never reads a half-written one, and
 * reads the winner's.
 */
export async function loadOrCreateSecret(secret: SecretFile): Promise<string> {
  const { file } = secret;
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (secret.isValid(stored)) return stored;
    throw new StartupError(
      `${file} does not hold ${secret.expected}. Fix the file, or delete it to have a new one made.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const value = secret.generate();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  try {
    await writeFile(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
    await link(draft, file);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(secret);
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}
