import { failureKind, failureStatus } from './failure.ts';

/**
 * Waits before each new try of a sign-up whose outcome is unknown or that the server turned away
 * for now: three more tries over about seven seconds, then the failure is shown.
 */
export const SIGNUP_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/**
 * Whether a failed sign-up may be sent again as it was: no answer arrived (time-out, dropped
 * connection), or the site said "busy, try later" (503) or could not reach the tracker (502, 504).
 * Safe only because every try carries the same idempotency key: the server then answers a try
 * whose first attempt did go through with that first answer, and never creates a second account.
 */
export function isRetryableSignupFailure(error: unknown): boolean {
  const kind = failureKind(error);
  if (kind === 'network') return true;
  return kind === 'http' && [502, 503, 504].includes(failureStatus(error) ?? 0);
}

export interface SignupRetryOptions {
  /** The idempotency key of this sign-up, the same for every try. */
  key: string;
  signal?: AbortSignal;
  delaysMs?: readonly number[];
  /** Resolves after `ms` (tests pass a fake); rejects when the signal aborts. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function realWait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * One sign-up, tried again with the same idempotency key while the failure is retryable, so the
 * browser ends up with the account's answer (and its session cookie) rather than an error for an
 * account that was in fact created. The app's `createUser` actor runs its call through this.
 */
export async function signUpWithRetries<T>(
  attempt: (key: string) => Promise<T>,
  { key, signal, delaysMs = SIGNUP_RETRY_DELAYS_MS, wait = realWait }: SignupRetryOptions,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(key);
    } catch (error) {
      const delay = delaysMs[retry];
      if (delay === undefined || signal?.aborted || !isRetryableSignupFailure(error)) throw error;
      await wait(delay, signal);
      if (signal?.aborted) throw error;
    }
  }
}
