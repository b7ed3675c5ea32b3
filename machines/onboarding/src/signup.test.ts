import { describe, expect, it } from 'vitest';
import { isRetryableSignupFailure, SIGNUP_RETRY_DELAYS_MS, signUpWithRetries } from './signup.ts';

const timeout = {
  kind: 'network',
  timedOut: true,
  message: 'Network error. Please try again later.',
};
const busy = { kind: 'http', status: 503, message: 'Many people are signing up right now.' };
const taken = {
  kind: 'http',
  status: 409,
  message: 'An account with this email address already exists.',
};
const created = { user: { id: 7 }, joinRequestSuccess: true };

/** A call that fails with the given errors in turn, then succeeds; it records the keys it got. */
function scripted(...failures: unknown[]) {
  const keys: string[] = [];
  const call = async (key: string) => {
    keys.push(key);
    const failure = failures.shift();
    if (failure !== undefined) throw failure;
    return created;
  };
  return { call, keys };
}

describe('sign-up retries', () => {
  it('tries again after a time-out or a 503, with the same key each time', async () => {
    const waits: number[] = [];
    const { call, keys } = scripted(timeout, busy);
    const answer = await signUpWithRetries(call, {
      key: 'flow-1234567890abcdef',
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(answer).toEqual(created);
    expect(keys).toEqual([
      'flow-1234567890abcdef',
      'flow-1234567890abcdef',
      'flow-1234567890abcdef',
    ]);
    expect(waits).toEqual(SIGNUP_RETRY_DELAYS_MS.slice(0, 2));
  });

  it('does not repeat an answer that is final', async () => {
    const { call, keys } = scripted(taken);
    await expect(
      signUpWithRetries(call, { key: 'flow-1234567890abcdef', wait: async () => {} }),
    ).rejects.toBe(taken);
    expect(keys).toHaveLength(1);
  });

  it('gives up with the last failure after its last try', async () => {
    const { call, keys } = scripted(timeout, timeout, timeout, busy);
    await expect(
      signUpWithRetries(call, { key: 'flow-1234567890abcdef', wait: async () => {} }),
    ).rejects.toBe(busy);
    expect(keys).toHaveLength(SIGNUP_RETRY_DELAYS_MS.length + 1);
  });

  it('stops when the screen that asked for it goes away', async () => {
    const controller = new AbortController();
    const { call, keys } = scripted(timeout, timeout);
    const result = signUpWithRetries(call, {
      key: 'flow-1234567890abcdef',
      signal: controller.signal,
      wait: async () => controller.abort(),
    });
    await expect(result).rejects.toBe(timeout);
    expect(keys).toHaveLength(1);
  });

  it('counts only missing answers and busy or unreachable servers as retryable', () => {
    for (const status of [502, 503, 504]) {
      expect(isRetryableSignupFailure({ kind: 'http', status })).toBe(true);
    }
    for (const status of [400, 409, 422, 429, 500]) {
      expect(isRetryableSignupFailure({ kind: 'http', status })).toBe(false);
    }
    expect(isRetryableSignupFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableSignupFailure({ kind: 'parse', status: 201 })).toBe(false);
    expect(isRetryableSignupFailure({ kind: 'aborted' })).toBe(false);
  });
});
