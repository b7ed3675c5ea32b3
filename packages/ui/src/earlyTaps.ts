import { useEffect } from 'react';

/**
 * What the page's code tells the early-taps script (`early-taps.js`, inline in a prerendered
 * page's head) once React has taken over the page's HTML: the taps it held meanwhile (a plain
 * button, a form without an action of its own) are made again, now that their handlers are there.
 * The script's "Getting ready..." is styled with the global styles (global.css.ts).
 */
export const TAKEN_OVER = 'app:taken-over';

/** Sends `TAKEN_OVER` once the component using it (the root layout) has been hydrated. */
export function useTakenOver(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(TAKEN_OVER));
  }, []);
}
