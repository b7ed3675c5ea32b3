import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the page is prerendered HTML that React has not taken over yet (on the server, and
 * in the render that hydrates it), true from then on and on every client-side render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
