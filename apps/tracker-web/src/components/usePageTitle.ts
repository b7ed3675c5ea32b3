import { useEffect } from 'react';

export const APP_NAME = 'Accountability Partners Tracker';

/** Every screen's title in one pattern: 'Sign in | Accountability Partners Tracker' (WCAG 2.4.2). */
export function pageTitle(screen: string): string {
  return `${screen} | ${APP_NAME}`;
}

export function usePageTitle(screen: string) {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
