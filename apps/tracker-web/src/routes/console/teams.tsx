import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateListSearch } from '../../navigation.ts';
import { loadTeams } from '../../pages/console/console-api.ts';
import { TeamsPage } from '../../pages/console/TeamsPage.tsx';

export const Route = createFileRoute('/console/teams')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, q: search.q, area: search.area }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps: { page, ...search }, location }) => loadTeams(page, search, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: TeamsPage,
});
