import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRouterOptions } from './router-options.ts';

describe('appRouterOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('restores nothing while prerendering', () => {
    expect(appRouterOptions({ prerender: true }).scrollRestoration).toBe(false);
  });

  it('in the browser, leaves a page that arrived scrolled where it is, then restores as usual', () => {
    vi.stubGlobal('window', { scrollX: 0, scrollY: 400 });
    const { scrollRestoration, scrollRestorationBehavior, defaultPreload } = appRouterOptions();
    expect(typeof scrollRestoration).toBe('function');
    if (typeof scrollRestoration !== 'function') return;
    expect(scrollRestoration()).toBe(false);
    expect(scrollRestoration()).toBe(true);
    expect(scrollRestorationBehavior).toBe('instant');
    expect(defaultPreload).toBe('intent');
  });
});
