import { ErrorPage as Frame, ReloadButton } from '@app/ui/error-page';
import * as layout from '@app/ui/layout.css';
import type { ErrorComponentProps } from '@tanstack/react-router';
import * as ui from '../components/ui.css.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { Footer } from '../layout/Footer.tsx';
import { Header } from '../layout/Header.tsx';

/**
 * Shown instead of a page that failed (packages/ui says when). Nothing typed in the onboarding is
 * lost by reloading: it is kept in the browser.
 */
export function ErrorPage(_props: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  return (
    <Frame header={<Header />} footer={<Footer />}>
      <section className={ui.pageHeader}>
        <div className={layout.container}>
          <h1 className={ui.h1}>Something went wrong</h1>
          <p className={ui.lead}>
            This page could not be shown. This can happen when the site has just been updated or the
            connection dropped. Reloading the page usually fixes it.
          </p>
          <div className={ui.center}>
            <ReloadButton />
          </div>
        </div>
      </section>
    </Frame>
  );
}
