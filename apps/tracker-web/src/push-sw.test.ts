import { afterEach, describe, expect, it, vi } from 'vitest';
import SOURCE from '../public/push-sw.js?raw';

/*
 * public/push-sw.js, the part of the service worker that is ours, run against a stand-in for the
 * worker's global scope: what it shows for a push, and where opening the notification goes.
 */

const ORIGIN = 'https://members.example.org';

type Listener = (event: unknown) => void;

const KEY = new Uint8Array([4, 1, 2, 3]).buffer;
const RENEWED_JSON = {
  endpoint: 'https://push.example.net/send/new',
  keys: { p256dh: 'new-key', auth: 'new-auth' },
};
const RENEWED = { endpoint: RENEWED_JSON.endpoint, toJSON: () => RENEWED_JSON };
const OLD = {
  endpoint: 'https://push.example.net/send/old',
  options: { applicationServerKey: KEY },
};

function worker(windows: { url: string; navigate: ReturnType<typeof vi.fn> }[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async () => RENEWED) },
    },
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
  afterEach(() => {
    vi.unstubAllGlobals();
  });

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

  it('moves the reminders to a renewed subscription: subscribes again with the same key, tells the tracker of the new one, drops the old', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { scope, dispatch } = worker();
    await dispatch('pushsubscriptionchange', { oldSubscription: OLD, newSubscription: null });
    expect(scope.registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY,
    });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method, JSON.parse(String(init.body))])).toEqual([
      ['/api/me/push-subscriptions', 'POST', RENEWED_JSON],
      ['/api/me/push-subscriptions', 'DELETE', { endpoint: OLD.endpoint }],
    ]);
    expect(calls[0]?.[1].credentials).toBe('same-origin');
  });

  it('sends the subscription the browser renewed itself, and asks for none when it has one', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { scope, dispatch } = worker();
    await dispatch('pushsubscriptionchange', { oldSubscription: OLD, newSubscription: RENEWED });
    expect(scope.registration.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not fail the event when offline or signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { dispatch } = worker();
    await expect(
      dispatch('pushsubscriptionchange', { oldSubscription: OLD, newSubscription: null }),
    ).resolves.toBeUndefined();
  });
});
