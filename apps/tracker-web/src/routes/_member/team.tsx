import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadBoard } from '../../pages/member/check-in-data.ts';
import { lastHome } from '../../pages/member/home-data.ts';
import { PageSkeleton } from '../../pages/member/PageSkeleton.tsx';
import { TeamBoardPage } from '../../pages/member/TeamBoardPage.tsx';

/**
 * The member's own team's board. A member whose join request still waits is told when the board
 * opens; a member on no team finds no page here.
 */
export const Route = createFileRoute('/_member/team')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent']],
  loader: async ({ parentMatchPromise, location }) => {
    await parentMatchPromise;
    const home = await lastHome();
    if (!home?.team) {
      const waiting = home?.joinRequest;
      if (waiting && (waiting.status === 'pending' || waiting.status === 'unmatched')) {
        return { kind: 'waiting' as const, joinRequest: waiting };
      }
      throw notFound();
    }
    return { kind: 'board' as const, board: await loadBoard(home.team.id, location.href) };
  },
  component: TeamBoardPage,
  // Late data shows the page's shape (PageSkeleton), gone as soon as the data is in.
  pendingComponent: PageSkeleton,
  pendingMs: 150,
  pendingMinMs: 0,
});
