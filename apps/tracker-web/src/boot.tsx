import { TAKEN_OVER } from '@app/ui/early-taps';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { createAppRouter } from './router.tsx';

/**
 * Starts the app in `container`, which already shows the page: a public page rendered at build
 * time (`data-prerendered`), hydrated, or the app shell's skeleton (entry-server.tsx), replaced.
 * Either stays until the route's code and data are in, so the first render is the page itself
 * rather than a blank screen or a second skeleton.
 */
export async function boot(
  container: HTMLElement,
  router: ReturnType<typeof createAppRouter>,
): Promise<Root> {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) {
    // The router renders exactly what it rendered on the server (no client-only Suspense boundary
    // around the matches) once it knows the page came from the server, which its own hydrate()
    // learns from inline data the CSP here does not allow; nothing was loaded on the server that
    // the browser needs, so it loads the route's code itself before hydrating.
    router.ssr = { manifest: undefined };
  }
  // A failed load shows its own error screen once rendered.
  await router.load().catch(() => undefined);
  if (prerendered) {
    // In slices too, and a tap on a part not hydrated yet hydrates it at once and is replayed.
    let root!: Root;
    // startTransition runs its callback at once: the root is set when it returns.
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
    // A tap the page's early-taps script held meanwhile (@app/ui's early-taps.js, inline in the
    // prerendered HTML) is made again now, whichever route or error screen renders: React hydrates
    // what it lands on at once and hands it the tap.
    document.dispatchEvent(new Event(TAKEN_OVER));
    return root;
  }
  const root = createRoot(container);
  // As a transition React renders the page in slices, letting the browser answer a tap between
  // them (the home with its cards is one long task otherwise); the skeleton stays till it is done.
  startTransition(() => root.render(app));
  return root;
}
