import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTracker, json } from '../../../test/fakeFetch.ts';
import { home } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const REMINDERS = { enabled: true, time: '18:00', weekdays: [1, 2, 3, 4, 5], timeZone: 'UTC' };
/** 65 bytes, as a P-256 public key is. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 7 + 4) % 256);
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replaceAll('+', '-')
  .replaceAll('/', '_')
  .replace(/=+$/, '');
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

/**
 * This browser's push side as the card sees it: the service worker's registration with a push
 * manager that subscribes at once, and the permission the person gives.
 */
function fakeDevice(permission: NotificationPermission) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: SUBSCRIPTION.endpoint,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
      toJSON: () => SUBSCRIPTION,
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  const pushManager = { getSubscription: vi.fn(async () => subscription), subscribe };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function tracker(more: Parameters<typeof fakeTracker>[0] = {}) {
  let channel = 'email';
  let devices = 0;
  const settings = () => json({ publicKey: PUBLIC_KEY, channel, devices });
  return fakeTracker({
    'GET /api/me': () => json(home()),
    'GET /api/me/reminders': () => json(REMINDERS),
    'GET /api/me/mails': () => json({ reminders: true, recaps: true, digest: false, nudges: true }),
    'GET /api/me/push': settings,
    'POST /api/me/push-subscriptions': () => {
      devices = 1;
      channel = 'both';
      return json({ publicKey: PUBLIC_KEY, channel, devices }, 201);
    },
    'DELETE /api/me/push-subscriptions': () => {
      devices = 0;
      return settings();
    },
    'PUT /api/me/reminder-channel': async (request) => {
      channel = ((await request.json()) as { channel: string }).channel;
      return settings();
    },
    ...more,
  });
}

const card = async () => within(await screen.findByRole('region', { name: 'Notifications' }));

describe('notifications on the reminders page', () => {
  it('sends reminders to this device once its owner allows it, and stops them in one tap', async () => {
    const device = fakeDevice('granted');
    const fake = tracker();
    await renderApp('/reminders');
    const user = userEvent.setup();
    await user.click(
      await (await card()).findByRole('button', { name: 'Send reminders to this device' }),
    );
    expect(await (await card()).findByText('This device gets your reminders.')).toBeVisible();
    expect(device.requestPermission).toHaveBeenCalledOnce();
    const [options] = device.subscribe.mock.calls[0] ?? [];
    if (!options) throw new Error('the push manager was not asked to subscribe');
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    const [sent] = fake.to('POST /api/me/push-subscriptions');
    expect(await sent?.json()).toEqual({
      endpoint: SUBSCRIPTION.endpoint,
      keys: SUBSCRIPTION.keys,
    });
    // The tracker made it email and notification; the choice shows it.
    expect(await (await card()).findByLabelText('Email and notification')).toBeChecked();

    await user.click((await card()).getByRole('button', { name: 'Stop reminders on this device' }));
    expect(
      await (await card()).findByRole('button', { name: 'Send reminders to this device' }),
    ).toBeVisible();
    expect(device.unsubscribe).toHaveBeenCalledOnce();
    expect(await fake.to('DELETE /api/me/push-subscriptions')[0]?.json()).toEqual({
      endpoint: SUBSCRIPTION.endpoint,
    });

    await user.click((await card()).getByLabelText('Notification'));
    await user.click((await card()).getByRole('button', { name: 'Save how we remind you' }));
    expect(await screen.findByText('Saved how we remind you.', { selector: 'div' })).toBeVisible();
    expect(await fake.to('PUT /api/me/reminder-channel')[0]?.json()).toEqual({ channel: 'push' });
  });

  it('subscribes nothing when notifications are blocked, and says so where the browser has none', async () => {
    const device = fakeDevice('denied');
    const fake = tracker();
    const { unmount } = await renderApp('/reminders');
    const user = userEvent.setup();
    await user.click(
      await (await card()).findByRole('button', { name: 'Send reminders to this device' }),
    );
    expect(await (await card()).findByRole('alert')).toHaveTextContent(/blocked/);
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(fake.to('POST /api/me/push-subscriptions')).toHaveLength(0);
    unmount();

    Reflect.deleteProperty(navigator, 'serviceWorker');
    await renderApp('/reminders');
    expect(
      await (await card()).findByText(/This browser cannot show the tracker's notifications/),
    ).toBeVisible();
    expect((await card()).queryByRole('button', { name: /this device/ })).toBeNull();
  });

  it('leaves the rest of the page working when the tracker cannot say how reminders go', async () => {
    fakeDevice('granted');
    fakeTracker({
      'GET /api/me': () => json(home()),
      'GET /api/me/reminders': () => json(REMINDERS),
      'GET /api/me/mails': () =>
        json({ reminders: true, recaps: true, digest: false, nudges: true }),
      'GET /api/me/push': () => json({ message: 'Busy', code: 'INTERNAL_ERROR' }, 500),
    });
    await renderApp('/reminders');
    expect(await (await card()).findByText(/cannot be set up right now/)).toBeVisible();
    expect((await card()).queryByRole('button', { name: /this device/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save reminders' })).toBeVisible();
  });

  it("stops this browser's reminders when the member signs out, and not when the sign-out failed", async () => {
    const device = fakeDevice('granted');
    let signOut = () => json({ message: 'The tracker is restarting.' }, 503);
    tracker({ 'DELETE /api/session': () => signOut() });
    await renderApp('/reminders');
    const user = userEvent.setup();
    await user.click(
      await (await card()).findByRole('button', { name: 'Send reminders to this device' }),
    );
    expect(await (await card()).findByText('This device gets your reminders.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are still signed in')).toBeVisible();
    expect(device.unsubscribe).not.toHaveBeenCalled();

    signOut = () => new Response(null, { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: /sign in/i })).toBeVisible();
    expect(device.unsubscribe).toHaveBeenCalledOnce();
  });
});
