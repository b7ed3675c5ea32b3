// Push reminders, imported by the service worker Workbox writes (vite.config.ts): shows the day's
// check-in reminder the tracker pushes, and opening it goes to the member's home.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: the notification says the question alone.
  }
  const text = (value, fallback) => (typeof value === 'string' && value !== '' ? value : fallback);
  event.waitUntil(
    self.registration.showNotification(text(data.title, 'Time to check in'), {
      body: text(data.body, ''),
      tag: text(data.tag, 'check-in'),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const home = new URL('/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      try {
        if (open) {
          const shown = open.url === home ? open : ((await open.navigate(home)) ?? open);
          return await shown.focus();
        }
      } catch {
        // A window this worker does not control cannot be navigated: open a new one.
      }
      return self.clients.openWindow(home);
    })(),
  );
});

// The push service replaced this browser's subscription (it expired, or its keys were renewed):
// subscribe again with the same key and tell the tracker, so the reminders follow the new address
// and the old one is dropped. Without a signed-in session the tracker refuses both calls; the
// member turns reminders on again on the Reminders page.
self.addEventListener('pushsubscriptionchange', (event) => {
  const send = (method, subscription) =>
    fetch('/api/me/push-subscriptions', {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(subscription),
    });
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription ?? null;
      const key = old?.options?.applicationServerKey ?? null;
      const renewed =
        event.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (renewed) await send('POST', renewed.toJSON());
      if (old && old.endpoint !== renewed?.endpoint)
        await send('DELETE', { endpoint: old.endpoint });
    })().catch(() => {
      // Offline or signed out: the next reminder to the old address is refused and dropped.
    }),
  );
});
