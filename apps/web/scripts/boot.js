// The one script a prerendered page that is read carries (scripts/prerender.mjs puts it inline in
// the page's <head>, allowed by its hash). The page's HTML is complete and styled, so the first
// paint needs no script: this asks for the page's scripts once that paint is done, all at once
// (the entry and every chunk it imports, listed in the page's <meta name="app-scripts">), so the
// browser neither runs the app before drawing the HTML nor finds the chunks one import at a time.
// A hidden page (opened in a background tab) is not painted: it loads them at once.
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

// A frame's animation callbacks run just before it is painted; a task queued from one runs after.
if (document.visibilityState === 'hidden') load();
else requestAnimationFrame(() => setTimeout(load));
