import { useTakenOver } from '@app/ui/early-taps';
import { RootLayout as Shell } from '@app/ui/root-layout';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Paths whose screens move focus themselves (to the step heading, on every step change). */
const MANAGES_OWN_FOCUS = /^\/(onboarding(\/|$)|thank-you$|no-thank-you$|maybe-submitted$)/;

/** Pages that take the whole viewport under a thin header bar. */
const FULL_VIEWPORT = /^\/statechart\/?$/;

export function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  // Taps made before the page's code ran are made again now (@app/ui's early-taps.js).
  useTakenOver();
  return (
    <Shell
      pathname={pathname}
      header={<Header compact={FULL_VIEWPORT.test(pathname)} />}
      footer={<Footer />}
      toastPosition="top"
      pageMovesFocus={MANAGES_OWN_FOCUS.test(pathname)}
    >
      <Outlet />
    </Shell>
  );
}
