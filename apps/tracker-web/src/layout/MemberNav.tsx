import { MEMBER_API } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { dismissToast, toast } from '@app/ui/toast-store';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { isSignInRequired } from '../api/errors.ts';
import * as styles from './Header.css.ts';

/** A signed-in member's links (or an operator's, in the console) and Sign out. */
export function MemberNav({ console: inConsole = false }: { console?: boolean }) {
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
    // Nothing of this member's stays in memory for whoever signs in next on this browser, nor on
    // screen: their last toast ('Profile saved.') does not follow onto the sign-in page.
    router.clearCache();
    dismissToast();
    await navigate({ to: '/sign-in' });
  }

  return (
    <nav aria-label={inConsole ? 'Console' : 'Your pages'} className={styles.nav}>
      {inConsole ? (
        <>
          <Link
            to="/console"
            search={{ page: undefined }}
            className={styles.navLink}
            activeOptions={{ exact: true, includeSearch: false }}
          >
            Join requests
          </Link>
          <Link
            to="/console/teams"
            search={{ page: undefined }}
            className={styles.navLink}
            activeOptions={{ includeSearch: false }}
          >
            Teams
          </Link>
          <Link
            to="/console/info-calls"
            search={{ page: undefined }}
            className={styles.navLink}
            activeOptions={{ includeSearch: false }}
          >
            Info calls
          </Link>
          <Link
            to="/console/feedback"
            search={{ page: undefined, category: undefined }}
            className={styles.navLink}
            activeOptions={{ includeSearch: false }}
          >
            Feedback
          </Link>
          <Link to="/console/operators" className={styles.navLink}>
            Operators
          </Link>
          <Link
            to="/console/audit"
            search={{ page: undefined }}
            className={styles.navLink}
            activeOptions={{ includeSearch: false }}
          >
            Audit log
          </Link>
        </>
      ) : (
        <>
          <Link to="/" className={styles.navLink} activeOptions={{ exact: true }}>
            Home
          </Link>
          <Link to="/profile" className={styles.navLink}>
            Profile
          </Link>
          <Link to="/reminders" className={styles.navLink}>
            Reminders
          </Link>
        </>
      )}
      <button
        type="button"
        className={button.secondary}
        aria-disabled={pending || undefined}
        onClick={signOut}
      >
        Sign out
      </button>
    </nav>
  );
}
