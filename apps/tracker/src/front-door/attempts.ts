import { POSTING_LIMITS, RESET_REQUEST_LIMITS } from '@app/contracts';
import { connectCounterStore, HttpError, limiterFactory, RetryLaterError } from '@app/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front door's limits on guessing (passwords and codes), shared by every route. */
    attempts: Attempts;
  }
}

function tooMany(msBeforeNext: number, what: string) {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new HttpError(
    'RATE_LIMITED',
    `Too many failed ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

const HOUR_MS = 3_600_000;

function minutesPhrase(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The error a wrong password or code is, and so the attempt stays counted. */
const WRONG = new Set(['INVALID_CREDENTIALS', 'INVALID_CODE', 'INVALID_PASSKEY']);

/**
 * The limits on guessing a secret at the front door, counted per address and per account:
 * - failed sign-ins per address and account (a guesser at one account from one place), and per
 *   address (one place guessing at many accounts);
 * - wrong second-factor codes per account (the password is known, so the account is the one
 *   being guessed at, from anywhere) and per address;
 * - passkey sign-ins that are refused, per address (no account is named before the key answers);
 * - wrong passwords given again by a signed-in session (changing the password, deleting the
 *   account, new recovery codes) per account and per address: a session left open on a shared
 *   computer must not become a way to guess the password.
 *
 * None counts a member's own successes, and no limit is per account alone before sign-in, so
 * nobody elsewhere can lock a member out. With REDIS_URL every tracker counts in Redis; while
 * Redis is unreachable each counts in memory.
 */
export async function attemptLimits(app: FastifyInstance) {
  const config = app.trackerConfig;
  const shared = limiterFactory(
    await connectCounterStore(app, config.redisUrl, 'sign-in limit'),
    'tracker-sign-in',
  );
  const limiter = (name: string, points: number) =>
    shared(name, points, config.signInFailureWindowMs);
  type Counter = ReturnType<typeof limiter>;
  const perAccountAndAddress = limiter('account-address', config.signInFailuresMax);
  const perAddress = limiter('address', config.signInFailuresMax * 20);
  const codesPerAccount = limiter('second-factor-account', config.signInFailuresMax);
  const passwordsPerAccount = limiter('password-again-account', config.signInFailuresMax);
  const passkeysPerAddress = limiter('passkey-address', config.signInFailuresMax);

  /**
   * Takes one attempt from each counter before the secret is checked, so attempts sent at once
   * cannot all pass the check before any of them is counted (each limiter counts atomically, in
   * memory or in Redis). Refused with 429 when any counter has none left, giving back what it took
   * from the others. Then runs `check`: a wrong secret stays counted; anything else gives the
   * attempt back; a success also clears the account's count.
   */
  async function attempt<T>(
    what: string,
    account: readonly [Counter, string],
    address: string,
    check: () => Promise<T>,
  ): Promise<T> {
    const counters = [account, [perAddress, address]] as const;
    const taken = await Promise.allSettled(counters.map(([counter, key]) => counter.consume(key)));
    const giveBack = async (which: readonly (readonly [Counter, string])[]) => {
      await Promise.all(which.map(([counter, key]) => counter.reward(key, 1)));
    };
    const refusals = taken.flatMap((result) =>
      result.status === 'rejected' ? [result.reason] : [],
    );
    if (refusals.length > 0) {
      await giveBack(counters.filter((_, index) => taken[index]?.status === 'fulfilled'));
      const wait = refusals.find(
        (reason): reason is RateLimiterRes => reason instanceof RateLimiterRes,
      );
      const other = refusals.find((reason) => !(reason instanceof RateLimiterRes));
      if (other !== undefined) throw other;
      throw tooMany(wait?.msBeforeNext ?? config.signInFailureWindowMs, what);
    }
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (!(error instanceof HttpError && WRONG.has(error.code))) await giveBack(counters);
      throw error;
    }
    await Promise.all([account[0].delete(account[1]), perAddress.reward(address, 1)]);
    return result;
  }

  const hourly = (name: string, points: number) => shared(name, points, HOUR_MS);
  const repliesPerMember = hourly('replies-member', POSTING_LIMITS.repliesPerHour);
  const repliesPerCheckIn = hourly('replies-check-in', POSTING_LIMITS.repliesPerCheckInPerHour);
  const cheersPerMember = hourly('cheers-member', POSTING_LIMITS.cheersPerHour);
  const cheersPerCheckIn = hourly('cheers-check-in', POSTING_LIMITS.cheersPerCheckInPerHour);
  const resetsPerAddress = hourly('resets-address', config.resetRequestsMax);
  const passkeyChallengesPerClient = hourly(
    'passkey-challenges-client',
    config.passkeyChallengesMax,
  );
  const resetsPerClient = hourly(
    'resets-client',
    config.resetRequestsMax * RESET_REQUEST_LIMITS.clientsPerAddress,
  );

  /**
   * Takes one from each counter, or none: refused with 429 and Retry-After (the longest wait of
   * the counters that had none left) when any has none left, giving back what it took from the
   * others. Counted before the work, so requests sent at once cannot all pass.
   */
  async function spend(
    counters: readonly (readonly [Counter, string])[],
    refusal: (wait: string) => string,
  ): Promise<void> {
    const taken = await Promise.allSettled(counters.map(([counter, key]) => counter.consume(key)));
    const refusals = taken.flatMap((result) =>
      result.status === 'rejected' ? [result.reason] : [],
    );
    if (refusals.length === 0) return;
    await Promise.all(
      counters
        .filter((_, index) => taken[index]?.status === 'fulfilled')
        .map(([counter, key]) => counter.reward(key, 1)),
    );
    const other = refusals.find((reason) => !(reason instanceof RateLimiterRes));
    if (other !== undefined) throw other;
    const waitMs = Math.max(...refusals.map((reason: RateLimiterRes) => reason.msBeforeNext), 1000);
    throw new RetryLaterError(
      'RATE_LIMITED',
      refusal(minutesPhrase(waitMs)),
      Math.ceil(waitMs / 1000),
      429,
    );
  }

  return {
    /** A reply by member `userId` to the check-in `checkIn` (its owner and day). */
    reply: (userId: number, checkIn: string) =>
      spend(
        [
          [repliesPerMember, `${userId}`],
          [repliesPerCheckIn, `${userId}|${checkIn}`],
        ],
        (wait) => `You have sent a lot of replies in the last hour. Try again in ${wait}.`,
      ),
    /** A cheer, or one taken back, by member `userId` on the check-in `checkIn`. */
    cheer: (userId: number, checkIn: string) =>
      spend(
        [
          [cheersPerMember, `${userId}`],
          [cheersPerCheckIn, `${userId}|${checkIn}`],
        ],
        (wait) => `You have cheered a lot in the last hour. Try again in ${wait}.`,
      ),
    /**
     * A password reset request for `email` from the request's client: counted per address
     * whether or not it has an account, so the refusal says nothing about that.
     */
    resetRequest: (request: FastifyRequest, email: string) =>
      spend(
        [
          [resetsPerAddress, email.trim().toLowerCase()],
          [resetsPerClient, request.ip],
        ],
        (wait) => `Too many reset requests for this address. Try again in ${wait}.`,
      ),
    /** A passkey sign-in challenge asked for, signed out, by the request's client. */
    passkeyChallenge: (request: FastifyRequest) =>
      spend(
        [[passkeyChallengesPerClient, request.ip]],
        (wait) => `Too many passkey sign-ins from here. Try again in ${wait}.`,
      ),
    /** A sign-in with `email`'s password. */
    signIn: <T>(request: FastifyRequest, email: string, check: () => Promise<T>) =>
      attempt('sign-ins', [perAccountAndAddress, `${request.ip}|${email}`], request.ip, check),
    /** A second-factor code of the account `userId`. */
    code: <T>(request: FastifyRequest, userId: number, check: () => Promise<T>) =>
      attempt('codes', [codesPerAccount, `code|${userId}`], request.ip, check),
    /** A passkey sign-in (no account is named before the key answers): counted per address. */
    passkey: <T>(request: FastifyRequest, check: () => Promise<T>) =>
      attempt('passkey sign-ins', [passkeysPerAddress, `passkey|${request.ip}`], request.ip, check),
    /** The signed-in account's password, given again. */
    passwordAgain: <T>(request: FastifyRequest, userId: number, check: () => Promise<T>) =>
      attempt('password checks', [passwordsPerAccount, `again|${userId}`], request.ip, check),
  };
}
export type Attempts = Awaited<ReturnType<typeof attemptLimits>>;
