import * as header from '@app/ui/header.css';
import * as layout from '@app/ui/layout.css';
import { Link, useMatch } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
import { APP_NAME } from '../components/usePageTitle.ts';
import * as styles from './Header.css.ts';

// Only a signed-in member's pages show it, and it calls the API: it loads with those pages, so
// the sign-in screen does not carry the HTTP client and the contracts' schemas. The console's
// links and menu load with the console only, not with a member's pages.
const ready: { member?: ComponentType; console?: ComponentType } = {};
const NAVS = {
  member: () => import('./MemberNav.tsx').then((nav) => (ready.member = nav.MemberNav)),
  console: () => import('./ConsoleNav.tsx').then((nav) => (ready.console = nav.ConsoleNav)),
};
const MemberNav = lazy(() => NAVS.member().then((Links) => ({ default: Links })));
const ConsoleNav = lazy(() => NAVS.console().then((Links) => ({ default: Links })));

/**
 * Loads the links of a signed-in header (the member pages' and the console's loaders call it),
 * so the header has them when the page first shows instead of growing above it a moment later.
 */
export const loadNav = (nav: keyof typeof NAVS) => NAVS[nav]().catch(() => undefined);

/**
 * The app's name on every screen; a signed-in member's pages (and the operators' console) add
 * their links and Sign out.
 */
export function Header() {
  const member = useMatch({ from: '/_member', shouldThrow: false }) !== undefined;
  const operator = useMatch({ from: '/console', shouldThrow: false }) !== undefined;
  const Ready = ready[operator ? 'console' : 'member'];
  return (
    <header className={header.root}>
      <div className={`${layout.container} ${styles.bar} ${operator ? styles.consoleBar : ''}`}>
        <Link to="/" className={header.logo}>
          <img src="/logo.svg" alt="" width={32} height={32} className={styles.logoImage} />
          {APP_NAME}
        </Link>
        {!(operator || member) ? null : Ready ? (
          <Ready />
        ) : (
          <Suspense fallback={null}>{operator ? <ConsoleNav /> : <MemberNav />}</Suspense>
        )}
      </div>
    </header>
  );
}
