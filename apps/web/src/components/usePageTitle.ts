import { useEffect } from 'react';

export const SITE_NAME = 'Accountability Partners';

/** Sets document.title to '{page} | site name' (WCAG 2.4.2: each page has a descriptive title). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
