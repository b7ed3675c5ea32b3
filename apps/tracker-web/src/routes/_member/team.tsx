import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadBoard } from '../../pages/member/check-in-data.ts';
import { lastHome } from '../../pages/member/home-data.ts';
import { TeamBoardPage } from '../../pages/member/TeamBoardPage.tsx';

/** The member's own team's board; a member on no team finds no page here. */
export const Route = createFileRoute('/_member/team')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ parentMatchPromise, location }) => {
    await parentMatchPromise;
    const home = await lastHome();
    if (!home?.team) throw notFound();
    return loadBoard(home.team.id, location.href);
  },
  component: TeamBoardPage,
});
