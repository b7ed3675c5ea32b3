import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { loadQuietMembers } from '../../pages/console/console-api.ts';
import { QuietMembersPage } from '../../pages/console/QuietMembersPage.tsx';

export const Route = createFileRoute('/console/quiet')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadQuietMembers(location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: QuietMembersPage,
});
