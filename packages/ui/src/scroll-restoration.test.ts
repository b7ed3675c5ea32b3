import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreScrollAfterTheLoadedPage } from './scroll-restoration.ts';

function scrolledTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
}

describe('restoreScrollAfterTheLoadedPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the loaded page where it was scrolled, then restores on every navigation', () => {
    const restore = restoreScrollAfterTheLoadedPage();
    scrolledTo(600);
    expect(restore()).toBe(false);
    expect(restore()).toBe(true);
    scrolledTo(0);
    expect(restore()).toBe(true);
  });

  it('restores on the loaded page too when it is at its top (a reload the router kept a place for)', () => {
    const restore = restoreScrollAfterTheLoadedPage();
    scrolledTo(0);
    expect(restore()).toBe(true);
    scrolledTo(600);
    expect(restore()).toBe(true);
  });
});
