import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_LOG_N, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default and verifies', async () => {
    expect(DEFAULT_SCRYPT_LOG_N).toBe(17);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('does not truncate long passphrases', async () => {
    const long = 'a'.repeat(500);
    const hash = await hashPassword(long, 10);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(`${long}b`, hash)).toBe(false);
    expect(await verifyPassword('a'.repeat(72), hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('rejects hashes it did not make', async () => {
    expect(await verifyPassword('x', 'none')).toBe(false);
  });
});
