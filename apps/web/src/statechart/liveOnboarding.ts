import {
  currentScreen,
  type HoldView,
  onboardingMachine,
  parseStoredSnapshot,
  type ScreenMeta,
  SNAPSHOT_STORAGE_KEY,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import { activeStateIds, type ChartGraph } from '@app/statechart-tools';
import { useEffect, useState } from 'react';
import { createActor, type StateValue } from 'xstate';
import { isLiveMessage, LIVE_CHANNEL } from '../onboarding/liveChannel.ts';

export type LiveOnboarding =
  | { running: false }
  | {
      running: true;
      /** Ids of the chart graph's active states, ancestors included. */
      active: ReadonlySet<string>;
      screen: ScreenMeta | null;
      /** The URL the onboarding tab shows. */
      route: string;
      hold: HoldView;
    };

/**
 * What the stored snapshot says about an onboarding running in another tab. The app writes the
 * snapshot after every stable transition and removes it when the flow ends, so no entry (or one
 * the machine cannot read back, as the app would start afresh) means none is running.
 */
export function readLiveOnboarding(graph: ChartGraph, stored: string | null): LiveOnboarding {
  const persisted = parseStoredSnapshot(stored);
  if (persisted === undefined) return { running: false };
  try {
    // Restoring without starting runs nothing: no clock, no calls; it only reads the state back.
    const snapshot = createActor(onboardingMachine, {
      snapshot: persisted,
      // Only read when starting afresh; a restored actor keeps its own context.
      input: { now: 0 },
    }).getSnapshot();
    if (snapshot.status !== 'active') return { running: false };
    return {
      running: true,
      active: activeStateIds(graph, snapshot.value),
      screen: currentScreen(snapshot),
      route: stateToRoute(snapshot),
      hold: selectHold(snapshot),
    };
  } catch {
    // A snapshot of an older machine whose states no longer exist.
    return { running: false };
  }
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(SNAPSHOT_STORAGE_KEY);
  } catch {
    // Storage can be switched off; then no other tab can be followed either.
    return null;
  }
}

/** An onboarding followed in another tab, and what is known about how current that is. */
export interface Followed {
  /** The last state heard of (kept once the flow has ended or the tab has gone). */
  live: LiveOnboarding;
  /** When the other tab last wrote or said anything (ms since epoch), null if never. */
  heardAt: number | null;
  /** The flow reached an end screen: `finalActive` holds where it ended. */
  ended: { active: ReadonlySet<string>; route: string } | null;
  /** The tab said it was going away (closed, reloaded or navigated elsewhere). */
  closed: boolean;
}

/**
 * Follows an onboarding in another tab: the stored snapshot (read on load and on every `storage`
 * event) and the tab's announcements on a broadcast channel (its final state, and its closing).
 */
export function useFollowedOnboarding(graph: ChartGraph): Followed {
  const [state, setState] = useState<Followed>(() => {
    const stored = readStored();
    const live = readLiveOnboarding(graph, stored);
    return { live, heardAt: live.running ? Date.now() : null, ended: null, closed: false };
  });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key means another tab cleared all of storage.
      if (event.key !== null && event.key !== SNAPSHOT_STORAGE_KEY) return;
      const live = readLiveOnboarding(graph, readStored());
      setState((previous) =>
        live.running
          ? { live, heardAt: Date.now(), ended: null, closed: false }
          : // The entry went: keep what was last heard; the channel says where the flow ended.
            { ...previous, heardAt: Date.now() },
      );
    };
    window.addEventListener('storage', onStorage);
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(LIVE_CHANNEL);
      channel.onmessage = (message: MessageEvent<unknown>) => {
        const data = message.data;
        if (!isLiveMessage(data)) return;
        if (data.type === 'closed') {
          setState((previous) => ({ ...previous, closed: true, heardAt: data.at }));
          return;
        }
        const value: StateValue = data.value;
        if (data.status === 'done') {
          setState((previous) => ({
            ...previous,
            heardAt: data.at,
            closed: false,
            ended: { active: activeStateIds(graph, value), route: data.route },
          }));
        } else {
          setState((previous) => ({ ...previous, heardAt: data.at, closed: false }));
        }
      };
    }
    return () => {
      window.removeEventListener('storage', onStorage);
      channel?.close();
    };
  }, [graph]);
  return state;
}

/** Re-renders every second: for "updated N s ago". */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
