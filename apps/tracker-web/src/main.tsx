import { boot } from './boot.tsx';
// After boot: imported first, the global styles leave the bundler's shared helpers in a chunk
// of their own, one more script on every first load.
import '@app/ui/global.css';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
const started = boot(container, createAppRouter());

// The service worker registers once the page has loaded and the app shows it, at the next idle
// moment: its install fetches the whole app to keep, which must not compete with the first screen.
if ('serviceWorker' in navigator) {
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, 500);
  const register = () => void started.finally(() => idle(() => void import('./pwa.ts')));
  window.addEventListener('load', register, { once: true });
}
