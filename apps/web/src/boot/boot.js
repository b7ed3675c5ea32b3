// The one script a prerendered page that is read carries (scripts/prerender.mjs puts it inline in
// the page's <head>, allowed by its hash). The page's HTML is complete and styled, so the first
// paint needs no script: this asks for the page's scripts once that paint is done, all at once
// (the entry and every chunk it imports, listed in the page's <meta name="app-scripts">), so the
// browser neither runs the app before drawing the HTML nor finds the chunks one import at a time.
// A hidden page (opened in a background tab) is not painted: it loads them at once.
// The page's inline script begins with the one that holds early taps (@app/ui's early-taps.js).
// An area card is a form with no fields: sent before the page's code ran, it leaves an empty query
// ("/onboarding/work/role?"). The address is given back without it, as a link would have made it.
if (location.search === '' && location.href.split('#')[0].endsWith('?')) {
  history.replaceState(history.state, '', location.pathname + location.hash);
}

const scripts = document.querySelector('meta[name="app-scripts"]')?.content.split(' ') ?? [];

function load() {
  const [entry, ...chunks] = scripts;
  if (!entry) return;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

let asked = false;
function start() {
  if (asked) return;
  asked = true;
  load();
}

if (document.visibilityState === 'hidden') start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // The browser reports the first contentful paint once it is on screen. A frame's animation
  // callbacks run before its paint is even recorded, and a task queued from one can still come
  // before the paint is shown: the scripts then arrive first, and the paint counts as theirs.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  // A page sent to the background before it was painted will not be painted: load at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
  // A page that paints nothing contentful gets its scripts once it has loaded and settled.
  addEventListener('load', () => setTimeout(start, 3000));
} else {
  // No paint timing: a task queued from a frame's animation callback runs after that frame's paint.
  requestAnimationFrame(() => setTimeout(start));
}
