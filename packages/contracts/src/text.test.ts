import { describe, expect, it } from 'vitest';
import { findNul } from './text.ts';

describe('findNul', () => {
  it('names the field that holds a NUL character', () => {
    expect(findNul({ name: 'Ada', profile: { about: 'a\0b' } })).toBe('profile.about');
    expect(findNul({ tags: ['ok', 'bad\0'] })).toBe('tags.1');
  });

  it('finds nothing in clean input, and copes with very deep nesting', () => {
    expect(findNul({ name: 'Ada', n: 1, ok: true, none: null })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = { d: deep };
    expect(findNul(deep)).toBeNull();
  });
});
