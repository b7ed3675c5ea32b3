import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { bookingErrorMessage, createUserErrorMessage } from './failure.ts';

describe('account creation error text (spec 8)', () => {
  it("shows the server's message first, then its details", () => {
    expect(
      createUserErrorMessage({ status: 409, data: { message: 'Email taken', details: 'x' } }),
    ).toBe('Email taken');
    expect(createUserErrorMessage({ status: 400, data: { details: 'Name is missing' } })).toBe(
      'Name is missing',
    );
  });

  it('uses status and status text, else the default with the status', () => {
    expect(createUserErrorMessage({ status: 502, statusText: 'Bad Gateway' })).toBe(
      '502: Bad Gateway',
    );
    expect(createUserErrorMessage({ status: 500 })).toBe(MESSAGES.createUserDefault(500));
  });

  it("takes the api-client's worded message and kinds", () => {
    expect(
      createUserErrorMessage({ kind: 'http', status: 409, message: 'That email is registered.' }),
    ).toBe('That email is registered.');
    expect(createUserErrorMessage({ kind: 'parse', status: 201, message: 'x' })).toBe(
      MESSAGES.invalidServerResponse,
    );
    expect(createUserErrorMessage(new TypeError('Failed to fetch'))).toBe(
      MESSAGES.bookingNetworkError,
    );
  });
});

describe('booking error text (spec 8)', () => {
  it('shows the server message, else the generic text', () => {
    expect(bookingErrorMessage({ status: 409, data: { message: 'That slot is taken' } })).toBe(
      'That slot is taken',
    );
    expect(bookingErrorMessage({ status: 500 })).toBe(MESSAGES.bookingDefaultError);
    expect(bookingErrorMessage('weird')).toBe(MESSAGES.bookingDefaultError);
  });

  it('says so when the network failed', () => {
    expect(bookingErrorMessage({ kind: 'network' })).toBe(MESSAGES.bookingNetworkError);
    expect(bookingErrorMessage(new TypeError('Failed to fetch'))).toBe(
      MESSAGES.bookingNetworkError,
    );
  });
});
