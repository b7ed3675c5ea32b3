import type { ReactNode } from 'react';
import { button } from './button.css.ts';
import * as styles from './RootLayout.css.ts';

interface ErrorPageProps {
  header: ReactNode;
  footer?: ReactNode;
  /** As the root layout's `padded`. */
  padded?: boolean;
  /** What the app says happened; it ends with a `ReloadButton`. */
  children: ReactNode;
}

/**
 * The page shown instead of one that failed to render, most often because part of the app could
 * not be loaded (a new version went live while the page was open, or the connection dropped). It
 * stands in for the root layout, so it draws the header and footer itself, and never shows the
 * error: reloading fetches the current version.
 */
export function ErrorPage({ header, footer, padded = false, children }: ErrorPageProps) {
  return (
    <div className={styles.shell}>
      {header}
      <main id="main" className={padded ? styles.paddedMain : styles.main}>
        {children}
      </main>
      {footer}
    </div>
  );
}

export function ReloadButton() {
  return (
    <button type="button" className={button.primary} onClick={() => window.location.reload()}>
      Reload
    </button>
  );
}
