import { button } from '@app/ui/button.css';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { messageOf } from '../api/errors.ts';
import * as ui from '../styles/ui.css.ts';
import { usePageTitle } from './usePageTitle.ts';

/**
 * What a member's page or a console page shows while its loader reads the tracker, and when that
 * failed: the route's `pendingComponent` and `errorComponent`.
 */
export function PageLoading() {
  usePageTitle('Loading');
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Loading</h1>
      <p role="status">Loading your page…</p>
    </div>
  );
}

/** The page's data could not be read (the tracker is down, the connection dropped): a retry. */
export function PageLoadFailed({ error }: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  const router = useRouter();
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>We could not load your page</h1>
      <p role="alert">{messageOf(error)}</p>
      <p>
        <button type="button" className={button.primary} onClick={() => router.invalidate()}>
          Try again
        </button>
      </p>
    </div>
  );
}
