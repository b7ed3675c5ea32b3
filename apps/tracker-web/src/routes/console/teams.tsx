import { createFileRoute } from '@tanstack/react-router';
import { validatePageSearch } from '../../navigation.ts';
import { loadTeams } from '../../pages/console/console-api.ts';
import { TeamsPage } from '../../pages/console/TeamsPage.tsx';
import { MemberLoadFailed, MemberLoading } from '../../pages/member/MemberLayout.tsx';

export const Route = createFileRoute('/console/teams')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadTeams(deps.page, location.href),
  pendingComponent: MemberLoading,
  errorComponent: MemberLoadFailed,
  component: TeamsPage,
});
