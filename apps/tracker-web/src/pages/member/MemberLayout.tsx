import { button } from '@app/ui/button.css';
import { type ErrorComponentProps, Outlet, useRouter } from '@tanstack/react-router';
import { ApiError, SERVER_MESSAGE } from '../../api/errors.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';

export function MemberLayout() {
  return <Outlet />;
}

export function MemberLoading() {
  usePageTitle('Loading');
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Loading</h1>
      <p role="status">Loading your page…</p>
    </div>
  );
}

/** The home could not be read (the tracker is down, the connection dropped): say so, offer a retry. */
export function MemberLoadFailed({ error }: ErrorComponentProps) {
  usePageTitle('Something went wrong');
  const router = useRouter();
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>We could not load your page</h1>
      <p role="alert">{error instanceof ApiError ? error.message : SERVER_MESSAGE}</p>
      <p>
        <button type="button" className={button.primary} onClick={() => router.invalidate()}>
          Try again
        </button>
      </p>
    </div>
  );
}
