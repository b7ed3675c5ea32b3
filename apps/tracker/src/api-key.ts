import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_KEY_LENGTH, API_KEY_PREFIX } from '@app/contracts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_FILE = 'api-key';

export function generateApiKey(): string {
  let key = API_KEY_PREFIX;
  while (key.length < API_KEY_LENGTH) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

export function isWellFormedApiKey(key: string): boolean {
  return key.length === API_KEY_LENGTH && key.startsWith(API_KEY_PREFIX);
}

/** Reads the key kept in the data directory, creating it once (0600) when there is none. */
export async function loadOrCreateApiKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, API_KEY_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (isWellFormedApiKey(stored)) return stored;
    throw new Error(
      `The API key in ${file} is not ${API_KEY_LENGTH} characters starting with '${API_KEY_PREFIX}'. Fix or delete the file.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = generateApiKey();
  try {
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another tracker sharing this directory (on PostgreSQL) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateApiKey(dataDir);
    throw error;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares digests so neither the length nor the content of the key leaks through timing. */
export function apiKeyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
