import { ErrorPage as Frame, ReloadButton } from '@app/ui/error-page';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { usePageTitle } from '../components/usePageTitle.ts';
import { Header } from '../layout/Header.tsx';
import * as ui from '../styles/ui.css.ts';

/** Shown instead of a screen that failed (packages/ui says when). */
export function ErrorPage(_props: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  return (
    <Frame header={<Header />} padded>
      <div className={`${ui.narrow} ${ui.stack}`}>
        <h1 className={ui.h1}>Something went wrong</h1>
        <p className={ui.lead}>
          This page could not be shown. This can happen when the tracker has just been updated or
          the connection dropped. Reloading the page usually fixes it.
        </p>
        <p>
          <ReloadButton />
        </p>
      </div>
    </Frame>
  );
}
