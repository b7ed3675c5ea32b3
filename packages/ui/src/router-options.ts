import { type AnyRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { restoreScrollAfterTheLoadedPage } from './scroll-restoration.ts';

/**
 * The router options both web apps share: links preload their route on hover or focus, and a page
 * keeps the position the visitor or the browser gave it when it arrived as HTML (nothing to
 * restore while prerendering on the server). A new page opens at its top at once: the page's
 * smooth scrolling (for in-page links) would otherwise paint it at the old position and then glide
 * up.
 */
export function appRouterOptions({ prerender = false } = {}) {
  return {
    defaultPreload: 'intent' as const,
    scrollRestoration: prerender ? false : restoreScrollAfterTheLoadedPage(),
    scrollRestorationBehavior: 'instant' as const,
  };
}

/**
 * An app's router for its route tree, with the options above: in the browser on its own history,
 * or on the server's (`history`) while prerendering a page. Neither app's root route takes a
 * router context, which TanStack Router's option types cannot see through a generic tree: hence
 * the one assertion.
 */
export function createRouterFor<TRouteTree extends AnyRoute>(
  routeTree: TRouteTree,
  history?: RouterHistory,
  { prerender = false } = {},
) {
  const options = {
    routeTree,
    ...(history ? { history } : {}),
    ...appRouterOptions({ prerender }),
  } as Parameters<typeof createRouter<TRouteTree>>[0];
  return createRouter(options);
}
