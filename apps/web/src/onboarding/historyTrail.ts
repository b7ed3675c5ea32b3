import type { RouterHistory } from '@tanstack/react-router';

/**
 * What this page has seen of the browser's history: the path of each entry it showed, by the
 * router's entry index (kept in each entry's state). Only the entries this page itself showed
 * are known: the entries before a page load (a deep link, a typed URL, a reload) belong to a page
 * that was left, and going back to one of them would load the site again.
 */
export interface HistoryTrail {
  /** The path of the entry before the current one, when this page showed it; otherwise null. */
  previous(): string | null;
  /** Goes back one entry, as the browser's Back does. */
  back(): void;
  /** True from `back()` until the history has moved (the browser's Back lands a moment later). */
  readonly travelling: boolean;
}

const trails = new WeakMap<RouterHistory, HistoryTrail>();

/** The trail of a router's history: one per history, following it from the first call on. */
export function historyTrail(history: RouterHistory): HistoryTrail {
  let trail = trails.get(history);
  if (trail === undefined) {
    trail = followHistory(history);
    trails.set(history, trail);
  }
  return trail;
}

function indexOf(history: RouterHistory): number | null {
  const index: unknown = history.location.state.__TSR_index;
  return typeof index === 'number' ? index : null;
}

function followHistory(history: RouterHistory): HistoryTrail {
  const paths = new Map<number, string>();
  let travelling = false;
  const record = (action: string | null) => {
    const index = indexOf(history);
    if (index === null) {
      // An entry the router did not make: what came before it is not known.
      paths.clear();
      return;
    }
    if (action === 'PUSH') {
      // A new entry drops the ones Forward would have gone to.
      for (const known of [...paths.keys()]) if (known >= index) paths.delete(known);
    }
    paths.set(index, history.location.pathname);
  };
  record(null);
  history.subscribe(({ action }) => {
    travelling = false;
    record(action.type);
  });
  return {
    previous: () => {
      const index = indexOf(history);
      return index === null ? null : (paths.get(index - 1) ?? null);
    },
    back: () => {
      // Set first: a memory history (tests) moves at once, within `back()`.
      travelling = true;
      history.back();
    },
    get travelling() {
      return travelling;
    },
  };
}
