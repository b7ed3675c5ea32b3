import { parseStoredSnapshot, SNAPSHOT_STORAGE_KEY } from '@app/onboarding/persistence';

/** The browser's storage for the flow, or null where the page may not use it. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether this browser holds a flow the onboarding session would restore (the same reading of the
 * same key). Read without XState or the machine: the onboarding route asks before either loads.
 */
export function flowStored(): boolean {
  try {
    return parseStoredSnapshot(browserStorage()?.getItem(SNAPSHOT_STORAGE_KEY)) !== undefined;
  } catch {
    return false;
  }
}
