import { RetryLaterError } from '@app/server-kit';
import { isHashingBusy, type PasswordHasher } from '../password.ts';

/** The answer when the hashing line is full: nothing was written, so trying again later is safe. */
export class BusyError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(
      'SIGNUP_BUSY',
      'Many people are signing up right now. Please try again in a few seconds.',
      retryAfterSeconds,
    );
  }
}

/** A moving average of how long a sign-up takes, in ms: for equal answer times and Retry-After. */
export class TypicalDuration {
  private averageMs: number;

  constructor(initialEstimateMs = 50) {
    this.averageMs = initialEstimateMs;
  }

  get ms(): number {
    return this.averageMs;
  }

  /** Feeds the average with the duration of a sign-up that did the full work. */
  record(ms: number) {
    this.averageMs = this.averageMs * 0.8 + Math.min(ms, 10_000) * 0.2;
  }
}

/** Hashing and checking passwords for a tracker's requests, bounded by its hasher. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a stored hash is not at this tracker's cost (it is replaced at the next sign-in). */
  needsRehash(stored: string): boolean;
}

/**
 * The tracker's hasher with its refusals (all threads busy and the waiting line full) turned into
 * BusyError, whose Retry-After is how long the hashes ahead typically take.
 */
export function boundedPasswords(hasher: PasswordHasher, typical: TypicalDuration): Passwords {
  const refuseWhenBusy = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!isHashingBusy(error)) throw error;
      const ahead = hasher.waiting + hasher.threads;
      throw new BusyError(Math.max(1, Math.ceil(((ahead / hasher.threads) * typical.ms) / 1000)));
    }
  };
  return {
    hash: (password) => refuseWhenBusy(() => hasher.hash(password)),
    verify: (password, stored) => refuseWhenBusy(() => hasher.verify(password, stored)),
    needsRehash: (stored) => hasher.needsRehash(stored),
  };
}

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
