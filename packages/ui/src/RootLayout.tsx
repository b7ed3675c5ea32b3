import { type ReactNode, useEffect, useRef } from 'react';
import { skipLink } from './button.css.ts';
import { deferredToaster } from './DeferredToaster.tsx';
import * as styles from './RootLayout.css.ts';
import type { ToastPosition } from './Toaster.css.ts';

const Toaster = deferredToaster(() => import('./Toaster.tsx'));

interface RootLayoutProps {
  /** The current path: each change of it is a new page. */
  pathname: string;
  header: ReactNode;
  /** Below the page, taking the rest of a window the page does not fill (it should grow). */
  footer?: ReactNode;
  /** Where toasts show on a phone (Toaster.css.ts). */
  toastPosition: ToastPosition;
  /** True where the page moves focus itself (to its step's heading, on every step). */
  pageMovesFocus?: boolean;
  /** Room above and below the page, for screens with no band at the top of their own. */
  padded?: boolean;
  /** The page. */
  children: ReactNode;
}

/** What every page sits in: the skip link, the header, the page, the footer and the toasts. */
export function RootLayout({
  pathname,
  header,
  footer,
  toastPosition,
  pageMovesFocus = false,
  padded = false,
  children,
}: RootLayoutProps) {
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A client-side navigation does not move focus the way a page load does: without this, keyboard
  // and screen reader users stay on the link they followed, in a page that has been replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page, only then
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (pageMovesFocus) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={skipLink}>
        Skip to content
      </a>
      {header}
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        className={`${padded ? styles.paddedMain : styles.main}${footer ? ` ${styles.aboveFooter}` : ''}`}
      >
        {children}
      </main>
      {footer}
      <Toaster position={toastPosition} />
    </div>
  );
}
