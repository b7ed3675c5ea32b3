import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * The toaster as an app's root layout mounts it, given the app's own toaster module to load.
 * Radix Toast is a tenth of the JavaScript a page needs before it can run, and no page raises a
 * toast before it is interactive, so it loads after the page has mounted (a toast raised earlier
 * waits in the store and shows once it is there). The server's HTML and the browser's first render
 * both leave it out. Call it once, at module level: the component it makes is the app's toaster.
 */
export function deferredToaster<P extends object>(
  load: () => Promise<{ Toaster: ComponentType<P> }>,
): ComponentType<P> {
  const Loaded = lazy(() => load().then(({ Toaster }) => ({ default: Toaster })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per app, at module level, never during a render.
  return function Toaster(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
