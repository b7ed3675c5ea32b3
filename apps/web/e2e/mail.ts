import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from './expect.ts';

/** A mail's text as the outbox wrote it (quoted-printable decoded). */
export function decodeMail(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/**
 * The first mail of `kind` to `email` in the tracker's outbox, once it has been sent (waiting up
 * to `timeout` ms: a scheduled mail waits for the schedule's next pass).
 */
export async function mailTo(
  dataDir: string,
  kind: string,
  email: string,
  timeout = 20_000,
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) =>
          file.endsWith(`-${kind}.eml`),
        );
        for (const file of files) {
          const text = decodeMail(await readFile(join(outbox, file), 'utf8'));
          if (text.includes(`To: ${email}`)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout },
    )
    .toBe(true);
  return found;
}
