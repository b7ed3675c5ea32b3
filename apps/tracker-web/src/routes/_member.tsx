import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../components/PageStatus.tsx';
import { loadHome } from '../pages/member/home-data.ts';
import { MemberLayout } from '../pages/member/MemberLayout.tsx';

/** Every page of a signed-in member: its data is the member's home, loaded once for them all. */
export const Route = createFileRoute('/_member')({
  // The loader calls the API, so it loads with the member pages' code, not with sign-in's.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadHome(location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: MemberLayout,
});
