import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Prerendered HTML carries no script of its own (the CSP allows none inline); the browser
    // restores scroll positions once the app has hydrated.
    scrollRestoration: !prerender,
    // A new page opens at its top at once: the page's smooth scrolling (for in-page links) would
    // otherwise paint it at the old position and then glide up.
    scrollRestorationBehavior: 'instant',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
