import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N=2^17, r=8, p=1 (OWASP's scrypt parameters; Node 20 has no argon2). Tests may pass a
 * lower cost explicitly; nothing reads it from the environment, so production cannot drift.
 */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  // scrypt needs 128 * N * r bytes; give it twice that so N=2^17 fits (256 MiB).
  const maxmem = 256 * 2 ** logN * r;
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_LENGTH,
      { N: 2 ** logN, r, p, maxmem },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Encodes the parameters with the hash so a later change of cost still verifies old hashes. */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(logN),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
