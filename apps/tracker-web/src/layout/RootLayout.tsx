import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as ui from '../styles/ui.css.ts';
import { Toaster } from '../toast/index.ts';
import { Header } from './Header.tsx';
import * as styles from './RootLayout.css.ts';

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // A client-side navigation does not move focus the way a page load does: without this, keyboard
  // and screen reader users stay on the control they used, in a page that has been replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={styles.shell}>
      <a href="#main" className={ui.skipLink}>
        Skip to content
      </a>
      <Header />
      <main ref={mainRef} id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
