import { MEMBER_API } from '@app/contracts';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { isSignInRequired } from '../api/errors.ts';
import * as ui from '../styles/ui.css.ts';
import { toast } from '../toast/index.ts';
import * as styles from './Header.css.ts';

/** A signed-in member's links and Sign out, in the header of their pages. */
export function MemberNav() {
  const navigate = useNavigate();
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function signOut() {
    if (pending) return;
    setPending(true);
    try {
      await call(MEMBER_API.signOut);
    } catch (error) {
      // A session that had already ended is as good as signed out.
      if (!isSignInRequired(error)) {
        setPending(false);
        toast({
          title: 'You are still signed in',
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
        return;
      }
    }
    // Nothing of this member's stays in memory for whoever signs in next on this browser.
    router.clearCache();
    await navigate({ to: '/sign-in' });
  }

  return (
    <nav aria-label="Your pages" className={styles.nav}>
      <Link to="/" className={styles.navLink} activeOptions={{ exact: true }}>
        Home
      </Link>
      <Link to="/profile" className={styles.navLink}>
        Profile
      </Link>
      <button
        type="button"
        className={ui.button.secondary}
        aria-disabled={pending || undefined}
        onClick={signOut}
      >
        Sign out
      </button>
    </nav>
  );
}
