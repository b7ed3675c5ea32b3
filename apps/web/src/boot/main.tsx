import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@app/ui/global.css';
import { createAppRouter } from '../router.tsx';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/** A page's HTML is another page than the one its address asks for (the studio's `?review`). */
const anew = container.getAttribute('data-drawn-anew-with');
const drawnAnew = anew !== null && new URLSearchParams(window.location.search).has(anew);

if (container.firstElementChild && !drawnAnew) {
  // A prerendered page. The router renders exactly what it rendered on the server (no client-only
  // Suspense boundary around the matches) once it knows the page came from the server, which its
  // own hydrate() learns from inline data the CSP here does not allow; nothing was loaded on the
  // server that the browser needs, so it loads the route's code itself before hydrating.
  router.ssr = { manifest: undefined };
  // As a transition React hydrates in slices, answering a tap between them (a long page is one
  // long task otherwise); a tap on a part not hydrated yet hydrates it at once and is replayed.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  router.load().then(hydrate, hydrate);
} else {
  // The shell, or a page drawn anew: React replaces what is there once it renders.
  createRoot(container).render(app);
}
