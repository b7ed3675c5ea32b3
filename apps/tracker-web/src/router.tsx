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
    scrollRestorationBehavior: 'instant',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
