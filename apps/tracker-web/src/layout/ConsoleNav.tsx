import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import * as styles from './ConsoleNav.css.ts';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * The console's links and Sign out. On a phone they wait behind a Menu button (a disclosure) so
 * the header stays one line high; from tablet width up they sit in the bar and the button is
 * not shown.
 */
export function ConsoleNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog that handled its own Escape (the decline dialog) has prevented the default.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // A followed link (even to the page already shown) closes the menu.
  const close = () => setOpen(false);

  return (
    <nav aria-label="Console" className={styles.root}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        Menu
      </button>
      <div id={menuId} className={open ? styles.linksOpen : styles.links}>
        <Link
          to="/console"
          search={{ page: undefined }}
          className={styles.link}
          activeOptions={{ exact: true, includeSearch: false }}
          onClick={close}
        >
          Join requests
        </Link>
        <Link
          to="/console/teams"
          search={{ page: undefined }}
          className={styles.link}
          activeOptions={{ includeSearch: false }}
          onClick={close}
        >
          Teams
        </Link>
        <Link
          to="/console/info-calls"
          search={{ page: undefined }}
          className={styles.link}
          activeOptions={{ includeSearch: false }}
          onClick={close}
        >
          Info calls
        </Link>
        <Link
          to="/console/feedback"
          search={{ page: undefined, category: undefined }}
          className={styles.link}
          activeOptions={{ includeSearch: false }}
          onClick={close}
        >
          Feedback
        </Link>
        <Link to="/console/quiet" className={styles.link} onClick={close}>
          Quiet members
        </Link>
        <Link to="/console/operators" className={styles.link} onClick={close}>
          Operators
        </Link>
        <Link
          to="/console/audit"
          search={{ page: undefined }}
          className={styles.link}
          activeOptions={{ includeSearch: false }}
          onClick={close}
        >
          Audit log
        </Link>
        <SignOutButton />
      </div>
    </nav>
  );
}
