import { button } from '@app/ui/button.css';
import * as header from '@app/ui/header.css';
import * as layout from '@app/ui/layout.css';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { TRACKER_SIGN_IN_URL } from '../config.ts';
import * as styles from './Header.css.ts';
import { PageLinks } from './PageLinks.tsx';

/**
 * The site header. `compact` is the thin bar of a page that needs the whole viewport (the
 * statechart studio): the logo link and a "Menu" button holding the page links at every width.
 */
export function Header({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });

  // A followed link closes the menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className={header.root}>
      <nav
        aria-label="Main"
        className={compact ? styles.compactBar : `${layout.container} ${styles.bar}`}
      >
        <Link to="/" className={compact ? styles.compactLogo : header.logo}>
          <img src="/images/logo.svg" alt="" width={compact ? 24 : 32} height={compact ? 24 : 32} />
          Accountability Partners
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={compact ? styles.compactToggle : styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {compact ? (
            open ? (
              'Close menu'
            ) : (
              'Menu'
            )
          ) : (
            <>
              <span className={layout.visuallyHidden}>{open ? 'Close menu' : 'Open menu'}</span>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
            </>
          )}
        </button>
        <div id={menuId} className={menuClass(compact, open)}>
          <PageLinks
            listClass={compact ? styles.compactLinks : styles.links}
            linkClass={styles.link}
          />
          <a
            href={TRACKER_SIGN_IN_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={button.primary}
          >
            Sign In
            <span className={layout.visuallyHidden}> (opens in a new tab)</span>
          </a>
        </div>
      </nav>
    </header>
  );
}

function menuClass(compact: boolean, open: boolean): string {
  if (compact) return open ? styles.compactMenuOpen : styles.compactMenu;
  return open ? styles.menuOpen : styles.menu;
}
