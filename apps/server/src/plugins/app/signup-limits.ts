import { createHash } from 'node:crypto';
import { HttpError, type LimiterFactory } from '@app/server-kit';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

export interface SignupLimitOptions {
  windowMs: number;
  /** Accounts created per client address per window: attempts that create none are given back. */
  perAddress: number;
  /** Sign-up attempts per email address per window, whatever their final outcome. */
  perEmail: number;
  /** Accounts created by everyone together per window. */
  global: number;
}

function wait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Spends one point, or refuses with `message` and the time until one is free again. */
async function spend(limiter: RateLimiterAbstract, key: string, message: (wait: string) => string) {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      throw new HttpError('RATE_LIMITED', message(wait(refusal.msBeforeNext)));
    }
    throw refusal;
  }
}

/**
 * Limits on sign-ups that fit people and cannot be raced. Each counter is taken atomically before
 * the sign-up is sent on (so 150 sign-ups sent at once can never pass a cap of 100), and given back
 * when the outcome shows it should not count: an attempt the tracker was too busy for or could not
 * be reached for, and an account slot when no account was made. What stays bounded: accounts per
 * address (a class of 60 behind one school address fits), attempts per email address, and
 * accounts created by everyone together.
 */
export function signupLimits(options: SignupLimitOptions, limiter: LimiterFactory) {
  const perEmail = limiter('signup-email', options.perEmail, options.windowMs);
  const perAddress = limiter('signup-address', options.perAddress, options.windowMs);
  const everyone = limiter('signup-global', options.global, options.windowMs);
  const emailKey = (email: string) =>
    createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const giveBack = (taken: [RateLimiterAbstract, string][]) =>
    Promise.all(taken.map(([from, key]) => from.reward(key, 1).catch(() => undefined)));

  return {
    /**
     * Takes this sign-up's place under every limit, or refuses with 429 RATE_LIMITED (taking
     * nothing). Returns what to call once the tracker's answer is known.
     */
    async admit(address: string, email: string) {
      const taken: [RateLimiterAbstract, string][] = [];
      const steps: [RateLimiterAbstract, string, (wait: string) => string][] = [
        [
          perEmail,
          emailKey(email),
          (w) =>
            `Too many sign-up attempts with this email address. Please wait ${w} and try again.`,
        ],
        [
          perAddress,
          address,
          (w) =>
            `Too many accounts were created from your network. Please wait ${w} and try again.`,
        ],
        [
          everyone,
          'all',
          (w) => `Too many people are signing up right now. Please wait ${w} and try again.`,
        ],
      ];
      try {
        for (const [from, key, message] of steps) {
          await spend(from, key, message);
          taken.push([from, key]);
        }
      } catch (error) {
        await giveBack(taken);
        throw error;
      }
      const [attempt, ...accounts] = taken;
      return {
        /** The tracker made the account: everything taken stays taken. */
        created: () => {},
        /** A final refusal (taken, invalid): it counts as an attempt, not as an account. */
        refused: () => giveBack(accounts),
        /** Busy or unreachable: nothing was decided, so nothing counts. */
        undecided: () => giveBack(attempt ? [attempt, ...accounts] : accounts),
      };
    },
  };
}

export type SignupLimits = ReturnType<typeof signupLimits>;
