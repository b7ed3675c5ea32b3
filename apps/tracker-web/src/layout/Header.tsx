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

/**
 * The app's name on every screen; a signed-in member's pages (and the operators' console) add
 * their links and Sign out.
 */
export function Header() {
  const member = useMatch({ from: '/_member', shouldThrow: false }) !== undefined;
  const operator = useMatch({ from: '/console', shouldThrow: false }) !== undefined;
  const signedIn = member || operator;
  return (
    <header className={header.root}>
      <div className={`${layout.container} ${styles.bar}`}>
        <Link to="/" className={header.logo}>
          <img src="/logo.svg" alt="" width={32} height={32} className={styles.logoImage} />
          {APP_NAME}
        </Link>
        {signedIn ? (
          <Suspense fallback={null}>
            <MemberNav console={operator} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
