import { useEffect } from 'react';

export const SITE_NAME = 'Accountability Partners';

/**
 * Every page's title in one pattern, most specific first: 'Step 3 of 8 | Your name | Accountability
 * Partners', 'Pricing | Accountability Partners' (WCAG 2.4.2: each page has a descriptive title).
 */
export function pageTitle(...parts: (string | null | undefined)[]): string {
  return [...parts, SITE_NAME].filter(Boolean).join(' | ');
}

/** Sets document.title to '{page} | site name'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
