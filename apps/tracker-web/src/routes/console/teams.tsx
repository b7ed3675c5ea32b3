import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validatePageSearch } from '../../navigation.ts';
import { loadTeams } from '../../pages/console/console-api.ts';
import { TeamsPage } from '../../pages/console/TeamsPage.tsx';

export const Route = createFileRoute('/console/teams')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadTeams(deps.page, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: TeamsPage,
});
