import { restoreScrollAfterTheLoadedPage } from '@app/ui/scroll-restoration';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(history?: RouterHistory, { prerender = false } = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Nothing to restore while rendering HTML ahead, on the server.
    scrollRestoration: prerender ? false : restoreScrollAfterTheLoadedPage(),
    scrollRestorationBehavior: 'instant',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
