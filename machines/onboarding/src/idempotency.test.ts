import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from './idempotency.ts';

const payload = {
  email: 'ada@example.com',
  password: 'secret1',
  name: 'Ada',
  goalSummary: 'Ship it',
  teamId: '1',
};

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('sign-up idempotency keys', () => {
  it('sends the same key when the same sign-up is submitted again', () => {
    const keys = createIdempotencyKeys(counter());
    expect(keys.keyFor(payload)).toBe('key-1');
    expect(keys.keyFor({ ...payload })).toBe('key-1');
  });

  it('gives a changed sign-up a new key', () => {
    const keys = createIdempotencyKeys(counter());
    keys.keyFor(payload);
    expect(keys.keyFor({ ...payload, email: 'ada@example.org' })).toBe('key-2');
    expect(keys.keyFor(payload)).toBe('key-3');
  });
});
