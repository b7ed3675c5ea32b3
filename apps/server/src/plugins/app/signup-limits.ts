import { createHash } from 'node:crypto';
import { HttpError } from '@app/server-kit';
import type { Redis } from 'ioredis';

/** Fixed-window counters, in memory or in Redis (shared by every instance). */
interface Counters {
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  add(key: string, windowMs: number): Promise<number>;
}

function memoryCounters(now: () => number): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.resetAt - now() } : { count: 0, ttlMs: 0 };
    },
    async add(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) {
        for (const k of windows.keys()) live(k);
      }
      return entry.count;
    },
  };
}

function redisCounters(redis: Redis): Counters {
  const prefix = 'site-signup-limit:';
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
    },
    async add(key, windowMs) {
      const result = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
      const count = result?.[0]?.[1];
      return typeof count === 'number' ? count : 0;
    },
  };
}

export interface SignupLimitOptions {
  windowMs: number;
  /** Accounts created per client address per window: refused attempts do not count. */
  perAddress: number;
  /** Sign-up attempts per email address per window, whatever their outcome. */
  perEmail: number;
  /** Accounts created by everyone together per window. */
  global: number;
}

function wait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Limits on sign-ups that fit people: a class of 30 behind one school address can all sign up,
 * because only accounts actually created count against the address (a typo, a taken address or a
 * busy server cost nothing). Abuse stays bounded: accounts per address, attempts per email address
 * (so one address cannot be hammered), and a ceiling on accounts created by everyone together.
 * Redis, when configured, shares the counts between instances; if it fails, sign-ups go on.
 */
export function signupLimits(
  options: SignupLimitOptions,
  redis: Redis | undefined,
  onStoreError: (error: unknown) => void,
  now: () => number = Date.now,
) {
  const counters = redis ? redisCounters(redis) : memoryCounters(now);
  const safely = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      onStoreError(error);
      return fallback;
    }
  };
  const emailKey = (email: string) =>
    `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
  const none = { count: 0, ttlMs: 0 };

  return {
    /** Before a sign-up is sent on: refuses with 429 RATE_LIMITED when a limit is reached. */
    async admit(address: string, email: string) {
      const tries = await safely(() => counters.get(emailKey(email)), none);
      if (tries.count >= options.perEmail) {
        const { ttlMs } = tries;
        throw new HttpError(
          'RATE_LIMITED',
          `Too many sign-up attempts with this email address. Please wait ${wait(ttlMs)} and try again.`,
        );
      }
      const mine = await safely(() => counters.get(`address:${address}`), none);
      if (mine.count >= options.perAddress) {
        throw new HttpError(
          'RATE_LIMITED',
          `Too many accounts were created from your network. Please wait ${wait(mine.ttlMs)} and try again.`,
        );
      }
      const everyone = await safely(() => counters.get('global'), none);
      if (everyone.count >= options.global) {
        throw new HttpError(
          'RATE_LIMITED',
          `Too many people are signing up right now. Please wait ${wait(everyone.ttlMs)} and try again.`,
        );
      }
    },
    /**
     * After the tracker gave a final answer for this email address (created, taken, refused):
     * busy or unreachable answers and retries waiting for them do not count as attempts.
     */
    async answered(email: string) {
      await safely(() => counters.add(emailKey(email), options.windowMs), 0);
    },
    /** After the tracker created the account. */
    async created(address: string) {
      await safely(() => counters.add(`address:${address}`, options.windowMs), 0);
      await safely(() => counters.add('global', options.windowMs), 0);
    },
  };
}

export type SignupLimits = ReturnType<typeof signupLimits>;
