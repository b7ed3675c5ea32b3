import { createFileRoute, notFound } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { loadTeamCall, TeamCallPage } from '../../pages/console/TeamCallPage.tsx';

export const Route = createFileRoute('/console/teams_/$teamId/call')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ params, location }) => {
    const teamId = Number(params.teamId);
    if (!/^[1-9]\d{0,9}$/.test(params.teamId) || teamId > 2 ** 31 - 1) throw notFound();
    return loadTeamCall(teamId, location.href);
  },
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: TeamCallPage,
});
