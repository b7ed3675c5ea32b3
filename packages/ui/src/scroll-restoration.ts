/**
 * The router's `scrollRestoration` option for a page that arrives as prerendered HTML. When the app
 * first renders the page the browser loaded, a page the visitor (or the browser, at a #fragment or
 * at a position it kept for a reload) has already scrolled stays where it is: the HTML is readable,
 * and scrollable, before its script runs, and on a slow network that is seconds. At its top, the
 * router restores the position it kept for a reload or Back, as it does on every later navigation
 * (where it also opens a new page at its top).
 */
export function restoreScrollAfterTheLoadedPage(): () => boolean {
  let loadedPage = true;
  return () => {
    if (!loadedPage) return true;
    loadedPage = false;
    return window.scrollX === 0 && window.scrollY === 0;
  };
}
