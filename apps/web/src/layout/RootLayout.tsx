import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as ui from '../components/ui.css.ts';
import { Toaster } from '../toast/index.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import * as styles from './RootLayout.css.ts';

/** Paths whose screens move focus themselves (to the step heading, on every step change). */
const MANAGES_OWN_FOCUS = /^\/(onboarding(\/|$)|thank-you$|no-thank-you$|maybe-submitted$)/;

/** Pages that take the whole viewport under a thin header bar. */
const FULL_VIEWPORT = /^\/statechart\/?$/;

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A client-side navigation does not move focus the way a page load does: without this, keyboard
  // and screen reader users stay on the link they followed, in a page that has been replaced.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (MANAGES_OWN_FOCUS.test(pathname)) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={ui.skipLink}>
        Skip to content
      </a>
      <Header compact={FULL_VIEWPORT.test(pathname)} />
      <main ref={mainRef} id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
