import { describe, expect, it, vi } from 'vitest';
import SOURCE from '../public/push-sw.js?raw';

/*
 * public/push-sw.js, the part of the service worker that is ours, run against a stand-in for the
 * worker's global scope: what it shows for a push, and where opening the notification goes.
 */

const ORIGIN = 'https://members.example.org';

type Listener = (event: unknown) => void;

function worker(windows: { url: string; navigate: ReturnType<typeof vi.fn> }[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', SOURCE)(scope);
  /** Dispatches an event and waits for what it asked the worker to wait for. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  }
  return { scope, dispatch };
}

describe("the service worker's push reminders", () => {
  it('shows the pushed reminder as a notification, one per day by its tag', async () => {
    const { scope, dispatch } = worker();
    const reminder = {
      title: 'Did you do that thing today?',
      body: 'Tap to check in for Tuesday, November 10.',
      url: '/',
      tag: 'check-in-2026-11-10',
    };
    await dispatch('push', { data: { json: () => reminder } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'en',
    });
  });

  it('opens the home when the notification is tapped: in an open window, or a new one', async () => {
    const navigate = vi.fn(async () => ({ focus: vi.fn(async () => undefined) }));
    const open = worker([{ url: `${ORIGIN}/profile`, navigate }]);
    const close = vi.fn();
    await open.dispatch('notificationclick', { notification: { close } });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/`);

    const none = worker();
    await none.dispatch('notificationclick', { notification: { close } });
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
