import {
  activeStateIds,
  type ChartGraph,
  currentScreen,
  type HoldView,
  onboardingMachine,
  parseStoredSnapshot,
  type ScreenMeta,
  SNAPSHOT_STORAGE_KEY,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import { useEffect, useState } from 'react';
import { createActor } from 'xstate';

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

/** The stored snapshot, read on load and again whenever another tab writes or clears it. */
export function useStoredSnapshot(): string | null {
  const [stored, setStored] = useState<string | null>(readStored);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key means another tab cleared all of storage.
      if (event.key === null || event.key === SNAPSHOT_STORAGE_KEY) setStored(readStored());
    };
    window.addEventListener('storage', onStorage);
    setStored(readStored());
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return stored;
}
