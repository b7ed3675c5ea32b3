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
