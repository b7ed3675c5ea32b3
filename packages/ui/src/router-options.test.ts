import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRouterOptions, createRouterFor } from './router-options.ts';

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

describe('createRouterFor', () => {
  it('makes a router for the tree on the given history, with the shared options', async () => {
    const { createMemoryHistory, createRootRoute, createRoute } = await import(
      '@tanstack/react-router'
    );
    const root = createRootRoute();
    const tree = root.addChildren([createRoute({ getParentRoute: () => root, path: '/about' })]);
    const history = createMemoryHistory({ initialEntries: ['/about'] });
    const router = createRouterFor(tree, history, { prerender: true });
    expect(router.history).toBe(history);
    expect(router.options.defaultPreload).toBe('intent');
    expect(router.options.scrollRestoration).toBe(false);
    await router.load();
    expect(router.state.location.pathname).toBe('/about');
  });
});
