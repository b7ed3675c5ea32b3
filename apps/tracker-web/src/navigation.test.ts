import { describe, expect, it } from 'vitest';
import { safeNext, validateSignInSearch } from './navigation.ts';

describe('the path to go to after signing in', () => {
  it.each(['/', '/profile', '/profile?tab=password#delete'])('keeps %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'profile',
    '/\t/evil.example',
    '',
    42,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeNext(value)).toBeUndefined();
  });

  it('always names both keys, so a refused value does not survive', () => {
    expect(validateSignInSearch({ next: '//evil.example', notice: 'hacked' })).toEqual({
      next: undefined,
      notice: undefined,
    });
    expect(validateSignInSearch({ next: '/profile', notice: 'password-set' })).toEqual({
      next: '/profile',
      notice: 'password-set',
    });
  });
});
