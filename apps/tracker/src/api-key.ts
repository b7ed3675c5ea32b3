import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { API_KEY_LENGTH, API_KEY_PREFIX, isWellFormedApiKey } from '@app/contracts';
import { loadOrCreateSecret } from '@app/server-kit';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_FILE = 'api-key';

export function generateApiKey(): string {
  let key = API_KEY_PREFIX;
  while (key.length < API_KEY_LENGTH) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

export { isWellFormedApiKey };

/** Reads the key kept in the data directory, creating it once (0600) when there is none. */
export function loadOrCreateApiKey(dataDir: string): Promise<string> {
  return loadOrCreateSecret({
    file: path.join(dataDir, API_KEY_FILE),
    generate: generateApiKey,
    isValid: isWellFormedApiKey,
    expected: `an API key of ${API_KEY_LENGTH} characters starting with '${API_KEY_PREFIX}'`,
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares digests so neither the length nor the content of the key leaks through timing. */
export function apiKeyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
