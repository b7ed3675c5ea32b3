import * as header from '@app/ui/header.css';
import * as layout from '@app/ui/layout.css';
import { Link, useMatch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { APP_NAME } from '../components/usePageTitle.ts';
import * as styles from './Header.css.ts';

// Only a signed-in member's pages show it, and it calls the API: it loads with those pages, so
// the sign-in screen does not carry the HTTP client and the contracts' schemas.
const MemberNav = lazy(() =>
  import('./MemberNav.tsx').then(({ MemberNav }) => ({ default: MemberNav })),
);
// The console's links and menu load with the console only, not with a member's pages.
const ConsoleNav = lazy(() =>
  import('./ConsoleNav.tsx').then(({ ConsoleNav }) => ({ default: ConsoleNav })),
);

/**
 * The app's name on every screen; a signed-in member's pages (and the operators' console) add
 * their links and Sign out.
 */
export function Header() {
  const member = useMatch({ from: '/_member', shouldThrow: false }) !== undefined;
  const operator = useMatch({ from: '/console', shouldThrow: false }) !== undefined;
  return (
    <header className={header.root}>
      <div className={`${layout.container} ${styles.bar} ${operator ? styles.consoleBar : ''}`}>
        <Link to="/" className={header.logo}>
          <img src="/logo.svg" alt="" width={32} height={32} className={styles.logoImage} />
          {APP_NAME}
        </Link>
        {operator || member ? (
          <Suspense fallback={null}>{operator ? <ConsoleNav /> : <MemberNav />}</Suspense>
        ) : null}
      </div>
    </header>
  );
}
