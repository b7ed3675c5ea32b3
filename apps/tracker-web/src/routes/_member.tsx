import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed } from '../components/PageStatus.tsx';
import { loadNav } from '../layout/Header.tsx';
import { loadHome } from '../pages/member/home-data.ts';
import { MemberLayout } from '../pages/member/MemberLayout.tsx';
import { PageSkeleton } from '../pages/member/PageSkeleton.tsx';

/** Every page of a signed-in member: its data is the member's home, loaded once for them all. */
export const Route = createFileRoute('/_member')({
  // The loader calls the API, so it loads with the member pages' code, not with sign-in's.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  // The header's links load beside the home, so the page shows with them.
  loader: ({ location }) =>
    Promise.all([loadHome(location.href), loadNav('member')]).then(([home]) => home),
  // Late data shows the page's shape (PageSkeleton) after 150 ms, gone as soon as the data is in;
  // the home and the board do the same while their own data comes.
  pendingComponent: PageSkeleton,
  pendingMs: 150,
  pendingMinMs: 0,
  errorComponent: PageLoadFailed,
  component: MemberLayout,
});
