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
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/** An argon2id cost: memory in KiB, passes, lanes. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id's cheapest cost (1 MiB, one pass), for test suites only: it is no protection at all.
 * It can be chosen only in code (`TrackerOptions.passwordCost`), never by the environment.
 */
export const TEST_ONLY_HASH_COST: HashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The start of every hash made at `cost`: a stored hash without it is re-hashed at sign-in. */
const prefixOf = (cost: HashCost) =>
  `$argon2id$v=19$m=${cost.memoryCost},t=${cost.timeCost},p=${cost.parallelism}$`;

/**
 * argon2id runs on a pool of threads of its own (piscina), not on libuv's four shared threads, so
 * hashing never queues static file reads or compression. A pool's threads are started by the
 * thread that hashes first (the embedded tracker's, which runs at a lower CPU priority on Linux),
 * so they share its lower priority; idle threads end after a while and never keep the process
 * alive.
 *
 * Each tracker bounds its own hashing with the pool's `maxThreads` (hashes at once) and `maxQueue`
 * (hashes waiting): one more is refused at once with piscina's queue-full error, which
 * `isHashingBusy` recognises, so a burst of sign-ups cannot take the machine's cores from the
 * rest of the site.
 */
export class PasswordHasher {
  private readonly pool: Piscina;
  private readonly cost: HashCost;

  constructor(limits: { threads: number; maxQueue: number }, cost: HashCost = ARGON2_PARAMS) {
    this.cost = cost;
    this.pool = new Piscina({
      filename: new URL('./hash-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: limits.threads,
      maxQueue: limits.maxQueue,
      idleTimeout: 30_000,
    });
  }

  /**
   * The pool itself, for a test that must take its threads for as long as it likes (a task of its
   * own with piscina's per-task `filename`).
   */
  get threadPool(): Piscina {
    return this.pool;
  }

  /** Hashes waiting for a thread. */
  get waiting(): number {
    return this.pool.queueSize;
  }

  get threads(): number {
    return this.pool.options.maxThreads;
  }

  hash(password: string): Promise<string> {
    return this.pool.run(
      { password: normal(password), options: { algorithm: ARGON2ID, ...this.cost } },
      { name: 'hash' },
    );
  }

  /** True when `stored` was made at another cost or with another scheme (scrypt). */
  needsRehash(stored: string): boolean {
    return !stored.startsWith(prefixOf(this.cost));
  }

  async verify(password: string, stored: string): Promise<boolean> {
    if (stored.startsWith('$argon2')) {
      const matches: boolean = await this.pool.run(
        { stored, password: normal(password) },
        { name: 'verify' },
      );
      return matches;
    }
    if (stored.startsWith('scrypt$')) return verifyScrypt(normal(password), stored);
    return false;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** piscina's refusals when its threads are all busy and its waiting line is full. */
const QUEUE_FULL = new Set([
  'Task queue is at limit',
  'No task queue available and all Workers are busy',
]);

/** True when a hash was refused because the hasher's waiting line is full: nothing was hashed. */
export function isHashingBusy(error: unknown): boolean {
  return error instanceof Error && QUEUE_FULL.has(error.message);
}

/**
 * For what runs outside a tracker's requests (the command line, the seed): one pool as wide as the
 * machine, without a waiting limit.
 */
let shared: PasswordHasher | undefined;
function sharedHasher(): PasswordHasher {
  shared ??= new PasswordHasher({
    threads: Math.max(1, availableParallelism() - 1),
    maxQueue: Number.POSITIVE_INFINITY,
  });
  return shared;
}

/** Passwords are compared as the person typed them, whatever the keyboard's normal form. */
const normal = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return sharedHasher().hash(password);
}

/** True when a stored hash was made with other parameters or another scheme (scrypt). */
export function needsRehash(stored: string): boolean {
  return sharedHasher().needsRehash(stored);
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return sharedHasher().verify(password, stored);
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
