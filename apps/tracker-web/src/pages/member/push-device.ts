/**
 * This browser's side of push reminders: whether it can get them, and its subscription with the
 * service worker's push manager (the worker, public/push-sw.js, shows what arrives).
 */

/** Whether this browser can subscribe to pushes and show notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registered service worker, or null when there is none (a development server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's push subscription for the tracker, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return worker ? worker.pushManager.getSubscription() : null;
}

/** A base64url VAPID public key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a != null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

export type SubscribeOutcome =
  | { kind: 'subscribed'; subscription: PushSubscriptionJSON }
  | { kind: 'denied' }
  | { kind: 'no-worker' };

/**
 * Asks for permission to show notifications, then subscribes this browser with the tracker's
 * key (a subscription made with another key is replaced).
 */
export async function subscribeDevice(publicKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { kind: 'denied' };
  const worker = await registration();
  if (!worker) return { kind: 'no-worker' };
  const key = keyBytes(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe();
  } else if (existing) {
    return { kind: 'subscribed', subscription: existing.toJSON() };
  }
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return { kind: 'subscribed', subscription: subscription.toJSON() };
}

/**
 * After a sign-out: this browser stops getting the member's reminders (whoever uses it next is
 * not shown them). The push service refuses the address from then on, and the tracker drops its
 * copy at the next reminder it sends there. Nothing to do where push is not supported; a failure
 * leaves the sign-out as it was, done.
 */
export async function forgetDevicePush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // The worker is gone or the push service is out of reach: nothing is shown without a worker.
  }
}
