import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (vite.config.ts). A new release's worker takes over as soon as it
 * is installed and the page reloads onto it: the old page's split files are gone from the tracker
 * after a release, so staying on it would fail at the next screen. The update check runs when
 * the app opens, and again whenever an installed app comes back to the screen, since a phone
 * keeps it open for days.
 */
registerSW({
  immediate: true,
  onRegisteredSW(_url, registration) {
    if (!registration) return;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && navigator.onLine) {
        registration.update().catch(() => {
          // Offline after all, or the tracker is restarting: the next visit checks again.
        });
      }
    });
  },
});
