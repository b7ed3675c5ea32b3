import { Link } from '@tanstack/react-router';
import * as styles from './Header.css.ts';
import { SignOutButton } from './SignOutButton.tsx';

/** A signed-in member's links and Sign out. */
export function MemberNav() {
  return (
    <nav aria-label="Your pages" className={styles.nav}>
      <Link to="/" className={styles.navLink} activeOptions={{ exact: true }}>
        Home
      </Link>
      <Link to="/profile" className={styles.navLink}>
        Profile
      </Link>
      <Link to="/reminders" className={styles.navLink}>
        Reminders
      </Link>
      <SignOutButton className={styles.signOut} />
    </nav>
  );
}
