import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validatePageSearch } from '../../navigation.ts';
import { loadQuietMembers } from '../../pages/console/console-api.ts';
import { QuietMembersPage } from '../../pages/console/QuietMembersPage.tsx';

export const Route = createFileRoute('/console/quiet')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadQuietMembers(deps.page, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: QuietMembersPage,
});
