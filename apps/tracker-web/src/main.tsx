import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@app/ui/global.css';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// The service worker registers once the page has loaded, so it never delays the first screen.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa.ts'), { once: true });
}
