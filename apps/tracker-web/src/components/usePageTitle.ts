import { useEffect } from 'react';

export const APP_NAME = 'Accountability Partners Tracker';

/** Every screen's title in one pattern: 'Sign in | Accountability Partners Tracker' (WCAG 2.4.2). */
export function pageTitle(screen: string): string {
  return `${screen} | ${APP_NAME}`;
}

/** The title the last page rendered on the server asked for (build-time rendering has no effects). */
export const serverTitle = { current: APP_NAME };

export function usePageTitle(screen: string) {
  if (typeof document === 'undefined') serverTitle.current = pageTitle(screen);
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
