import { UPLOADS_PATH } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePhotoUrl } from './photo.ts';

describe('photo URL resolution (spec 3)', () => {
  it('serves images/ paths from the site root', () => {
    expect(resolvePhotoUrl('images/team/maya-chen.webp')).toBe('/images/team/maya-chen.webp');
  });

  it('uses http(s) URLs as they are', () => {
    expect(resolvePhotoUrl('https://cdn.example.com/p.jpg')).toBe('https://cdn.example.com/p.jpg');
    expect(resolvePhotoUrl('http://example.com/p.jpg')).toBe('http://example.com/p.jpg');
  });

  it("prefixes anything else with the tracker's uploads location", () => {
    expect(resolvePhotoUrl('seed/ada.webp')).toBe(`${UPLOADS_PATH}/seed/ada.webp`);
    expect(resolvePhotoUrl('/u/3f9c.webp')).toBe(`${UPLOADS_PATH}/u/3f9c.webp`);
  });

  it('has no URL for a missing photo', () => {
    expect(resolvePhotoUrl(null)).toBeNull();
    expect(resolvePhotoUrl('   ')).toBeNull();
  });

  it('always yields a site path or an http(s) URL', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const url = resolvePhotoUrl(value);
        if (url !== null) expect(url.startsWith('/') || /^https?:\/\//i.test(url)).toBe(true);
      }),
    );
  });
});
