import { scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { Piscina } from 'piscina';

/** `Algorithm.Argon2id`: the package's enum is `const`, which cannot be read at run time here. */
const ARGON2ID: Algorithm.Argon2id = 2;

/**
 * argon2id at OWASP's minimum: m = 19 MiB, t = 2, p = 1. About 6 ms a hash here, where scrypt at
 * N=2^17 took 400 ms and 128 MiB. The parameters travel inside the PHC string, so a later
 * change of cost still verifies old hashes (and `needsRehash` upgrades them). Node 24's
 * `crypto.argon2` computes the same hashes but took three times as long here (decision 19).
 */
export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/**
 * argon2id runs on a pool of threads of its own (piscina), not on libuv's four shared threads, so
 * hashing never queues static file reads or compression. The pool's threads are started by the
 * thread that hashes first (the embedded tracker's, which runs at a lower CPU priority on Linux),
 * so they share its lower priority. How many hash at once is bounded before this (the sign-up
 * queue); idle threads end after a while and never keep the process alive.
 */
let pool: Piscina | undefined;
function hashingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./hash-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 30_000,
  });
  return pool;
}

/** Passwords are compared as the person typed them, whatever the keyboard's normal form. */
const normal = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hashingPool().run(
    { password: normal(password), options: ARGON2_PARAMS },
    { name: 'hash' },
  );
}

/** True when a stored hash was made with other parameters or another scheme (scrypt). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    const matches: boolean = await hashingPool().run(
      { stored, password: normal(password) },
      { name: 'verify' },
    );
    return matches;
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(normal(password), stored);
  return false;
}

/** Hashes made before argon2id: `scrypt$logN$r$p$salt$key` (base64), N=2^17, r=8, p=1. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, salt, key] = stored.split('$');
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (!salt || !key || !Object.values(cost).every((n) => Number.isInteger(n) && n > 0)) {
    return false;
  }
  if (cost.logN > 20 || cost.r > 32 || cost.p > 16) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password,
      Buffer.from(salt, 'base64'),
      expected.length,
      // scrypt needs 128 * N * r bytes; twice that leaves room for its bookkeeping.
      { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.logN * cost.r },
      (err, derived) => (err ? reject(err) : resolve(derived)),
    );
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
