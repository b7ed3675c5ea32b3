import type { ErrorComponentProps } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { Footer } from '../layout/Footer.tsx';
import { Header } from '../layout/Header.tsx';
import * as layout from '../layout/RootLayout.css.ts';

/**
 * Shown instead of a page that failed: most often a part of the site that could not be loaded
 * (a new version went live while the page was open, or the connection dropped). Reloading fetches
 * the current version. Nothing typed in the onboarding is lost: it is kept in the browser.
 */
export function ErrorPage(_props: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  return (
    <div className={layout.shell}>
      <Header />
      <main id="main" className={layout.main}>
        <section className={ui.pageHeader}>
          <div className={ui.container}>
            <h1 className={ui.h1}>Something went wrong</h1>
            <p className={ui.lead}>
              This page could not be shown. This can happen when the site has just been updated or
              the connection dropped. Reloading the page usually fixes it.
            </p>
            <div className={ui.center}>
              <button
                type="button"
                className={ui.button.primary}
                onClick={() => window.location.reload()}
              >
                Reload
              </button>
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
