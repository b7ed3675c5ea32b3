import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateTeamsSearch } from '../../navigation.ts';
import { loadTeams } from '../../pages/console/console-api.ts';
import { TeamsPage } from '../../pages/console/TeamsPage.tsx';

export const Route = createFileRoute('/console/teams')({
  validateSearch: validateTeamsSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, q: search.q }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadTeams(deps.page, deps.q, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: TeamsPage,
});
