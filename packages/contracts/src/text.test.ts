import { describe, expect, it } from 'vitest';
import { findNul, lineBreaksAsSpaces, oneLine } from './text.ts';

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

describe('oneLine', () => {
  it('turns every run of control characters and line separators into one space', () => {
    expect(oneLine('Bob\r\n\r\nSECURITY NOTICE\u2028now\u0007!')).toBe('Bob SECURITY NOTICE now !');
    expect(oneLine('  Ada Lovelace ')).toBe('Ada Lovelace');
  });
});

describe('lineBreaksAsSpaces', () => {
  it('makes each line break or tab, with the spaces around it, one space, and leaves other text', () => {
    expect(lineBreaksAsSpaces('Run \r\n\n  daily\tand\u2028rest\u2029 ')).toBe(
      'Run daily and rest ',
    );
    expect(lineBreaksAsSpaces('a\u0007b  c')).toBe('a\u0007b  c');
  });
});
