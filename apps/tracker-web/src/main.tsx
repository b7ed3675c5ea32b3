import { boot } from './boot.tsx';
// After boot: imported first, the global styles leave the bundler's shared helpers in a chunk
// of their own, one more script on every first load.
import '@app/ui/global.css';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
void boot(container, createAppRouter());

// The service worker registers once the page has loaded, so it never delays the first screen.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./pwa.ts'), { once: true });
}
