import { describe, expect, it } from 'vitest';
import { failureCode, failureKind, failureStatus, failureText } from './failure.ts';

class CodedError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

describe('reading a failed call', () => {
  it("shows the error's own message, or the fallback when it has none", () => {
    expect(failureText(new CodedError('That email address is already registered.'), 'x')).toBe(
      'That email address is already registered.',
    );
    expect(failureText(new Error('  '), 'Something went wrong.')).toBe('Something went wrong.');
    expect(failureText('boom', 'Something went wrong.')).toBe('Something went wrong.');
    expect(failureText({ message: 42 }, 'Something went wrong.')).toBe('Something went wrong.');
    expect(failureText(null, 'Something went wrong.')).toBe('Something went wrong.');
  });

  it('reads the server code when there is one', () => {
    expect(failureCode(new CodedError('Full', 'TEAM_FULL'))).toBe('TEAM_FULL');
    expect(failureCode(new CodedError('No code'))).toBeNull();
    expect(failureCode({ code: 7 })).toBeNull();
    expect(failureCode(undefined)).toBeNull();
  });
});

describe('kind and status of a failed call', () => {
  it('reads the api-client fields, and counts a fetch TypeError as no answer', () => {
    expect(failureKind({ kind: 'http', status: 503 })).toBe('http');
    expect(failureStatus({ kind: 'http', status: 503 })).toBe(503);
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(failureKind({ kind: 4 })).toBeNull();
    expect(failureStatus({ status: '503' })).toBeNull();
    expect(failureStatus(null)).toBeNull();
  });
});
