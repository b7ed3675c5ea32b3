import { createFileRoute } from '@tanstack/react-router';
import { loadCheckIns } from '../../pages/member/check-in-data.ts';
import { HomePage } from '../../pages/member/HomePage.tsx';
import { lastHome } from '../../pages/member/home-data.ts';
import { PageSkeleton } from '../../pages/member/PageSkeleton.tsx';

export const Route = createFileRoute('/_member/')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent']],
  // The check-in card once the member is on a team (the home says so, and sets the time zone the
  // days are counted in first); the kept copy when the home is one.
  loader: async ({ parentMatchPromise, location }) => {
    await parentMatchPromise;
    const home = await lastHome();
    return home ? loadCheckIns(location.href, home) : null;
  },
  component: HomePage,
  // Late data shows the page's shape (PageSkeleton), gone as soon as the data is in.
  pendingComponent: PageSkeleton,
  pendingMs: 150,
  pendingMinMs: 0,
});
