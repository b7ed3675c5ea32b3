import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

/** A hash in the format the tracker wrote before argon2id. */
function legacyScrypt(password: string, logN: number) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, {
    N: 2 ** logN,
    r: 8,
    p: 1,
    maxmem: 256 * 2 ** logN * 8,
  });
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashing', () => {
  it('uses argon2id with m=19 MiB, t=2, p=1 and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('does not truncate long passphrases', async () => {
    const long = 'a'.repeat(500);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(`${long}b`, hash)).toBe(false);
    expect(await verifyPassword('a'.repeat(72), hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('compares the same text typed in either Unicode normal form', async () => {
    const hash = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });

  it('still verifies scrypt hashes made before argon2id, and asks for them to be rehashed', async () => {
    const old = legacyScrypt('correct horse', 10);
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('correct horsE', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('asks for a rehash of argon2 hashes made with other parameters', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('rejects hashes it did not make', async () => {
    expect(await verifyPassword('x', 'none')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$garbage')).toBe(false);
  });
});
