import { getRouteApi, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

const member = getRouteApi('/_member');

/**
 * A signed-in member's pages. When they show this device's copy of the home (no connection), the
 * home is read again as soon as the browser says the connection is back, so the pages stop saying
 * they are offline without a reload (an answer kept meanwhile is sent by the check-in card).
 */
export function MemberLayout() {
  const router = useRouter();
  const kept = member.useLoaderData({ select: (home) => home.keptAt !== undefined });
  useEffect(() => {
    if (!kept) return;
    const reread = () => void router.invalidate();
    window.addEventListener('online', reread);
    return () => window.removeEventListener('online', reread);
  }, [kept, router]);
  return <Outlet />;
}
