import type { ErrorComponentProps } from '@tanstack/react-router';
import { usePageTitle } from '../components/usePageTitle.ts';
import { Header } from '../layout/Header.tsx';
import * as layout from '../layout/RootLayout.css.ts';
import * as ui from '../styles/ui.css.ts';

/**
 * Shown instead of a screen that failed, most often because part of the app could not be loaded
 * (a new version went live while the page was open, or the connection dropped). It never shows
 * the error itself: reloading fetches the current version.
 */
export function ErrorPage(_props: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  return (
    <div className={layout.shell}>
      <Header />
      <main id="main" className={layout.main}>
        <div className={`${ui.narrow} ${ui.stack}`}>
          <h1 className={ui.h1}>Something went wrong</h1>
          <p className={ui.lead}>
            This page could not be shown. This can happen when the tracker has just been updated or
            the connection dropped. Reloading the page usually fixes it.
          </p>
          <p>
            <button
              type="button"
              className={ui.button.primary}
              onClick={() => window.location.reload()}
            >
              Reload
            </button>
          </p>
        </div>
      </main>
    </div>
  );
}
