import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const FILE = 'session-secret';

/**
 * The session-signing secret when SESSION_SECRET is unset: generated once and kept in the data
 * directory (mode 0600), so sessions survive a restart and no secret is ever in the repository.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, FILE);
  try {
    const existing = (await readFile(path, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' would refuse to replace a short, unusable secret; this file is ours alone.
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
