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
