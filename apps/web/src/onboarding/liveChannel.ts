import type { StateValue } from 'xstate';

/**
 * How a running onboarding tells the statechart studio (another tab of the same browser) where it
 * is: a message after every change, one when it ends (with its final state, which storage no
 * longer holds), and one when its tab goes away.
 */
export const LIVE_CHANNEL = 'onboarding-live';

export type LiveMessage =
  | { type: 'state'; value: StateValue; status: string; route: string; at: number }
  | { type: 'closed'; at: number };

interface Announced {
  getSnapshot(): { value: StateValue; status: string };
  subscribe(listener: () => void): { unsubscribe(): void };
}

/** Starts announcing `actor`; returns the function that stops. */
export function announceOnboarding(actor: Announced, route: () => string): () => void {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  // Node's channel (in tests) would otherwise keep the process alive.
  if ('unref' in channel && typeof channel.unref === 'function') channel.unref();
  const post = (message: LiveMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // A closed channel: nobody is listening any more.
    }
  };
  const send = () => {
    const snapshot = actor.getSnapshot();
    post({
      type: 'state',
      value: snapshot.value,
      status: snapshot.status,
      route: route(),
      at: Date.now(),
    });
  };
  const subscription = actor.subscribe(send);
  const onHide = () => post({ type: 'closed', at: Date.now() });
  window.addEventListener('pagehide', onHide);
  send();
  return () => {
    subscription.unsubscribe();
    window.removeEventListener('pagehide', onHide);
    channel.close();
  };
}

export function isLiveMessage(data: unknown): data is LiveMessage {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('at' in data)) {
    return false;
  }
  return (data.type === 'state' && 'value' in data) || data.type === 'closed';
}
