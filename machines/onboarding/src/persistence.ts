import type { Snapshot } from 'xstate';
import type { OnboardingSnapshot } from './selectors.ts';

/** The browser storage key under which the app keeps the persisted snapshot. */
export const SNAPSHOT_STORAGE_KEY = 'onboarding_snapshot';

/**
 * The JSON to store after a transition, or null when nothing should be written: while a call is
 * in flight (the last stable snapshot is kept, so a reload never replays a half-sent form and no
 * password reaches storage) and once the flow has ended (the app clears the key instead).
 */
export function serialiseSnapshot(
  snapshot: OnboardingSnapshot,
  persisted: Snapshot<unknown>,
): string | null {
  if (snapshot.hasTag('busy') || snapshot.status !== 'active') return null;
  return JSON.stringify(persisted);
}

/**
 * Reads a stored snapshot back: the parsed JSON to pass as `createActor(machine, { snapshot })`, or
 * undefined when there is none or it is unreadable (the flow then starts afresh). The hold is not
 * adjusted here: its expiry is absolute, and the restarted `clock` actor's first tick brings the
 * remaining time (or the expiry) up to date at once.
 */
export function parseStoredSnapshot(
  stored: string | null | undefined,
): Snapshot<unknown> | undefined {
  if (typeof stored !== 'string' || stored === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (isPersistedSnapshot(parsed)) return parsed;
  } catch {
    // An unreadable entry is treated as no entry.
  }
  return undefined;
}

function isPersistedSnapshot(value: unknown): value is Snapshot<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    value.status === 'active' &&
    'value' in value &&
    'context' in value
  );
}
