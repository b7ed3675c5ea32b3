import { lazy, Suspense, useEffect, useState } from 'react';

const RadixToaster = lazy(() =>
  import('./Toaster.tsx').then(({ Toaster }) => ({ default: Toaster })),
);

/**
 * The toaster as the root layout mounts it. Radix Toast is a tenth of the JavaScript a page needs
 * before it can run, and no page raises a toast before it is interactive, so it loads after the
 * page has mounted (a toast raised earlier waits in the store and shows once it is there). The
 * server's HTML and the browser's first render both leave it out.
 */
export function Toaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
