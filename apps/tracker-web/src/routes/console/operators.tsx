import { createFileRoute } from '@tanstack/react-router';
import { loadOperators } from '../../pages/console/console-api.ts';
import { OperatorsPage } from '../../pages/console/OperatorsPage.tsx';
import { MemberLoadFailed, MemberLoading } from '../../pages/member/MemberLayout.tsx';

export const Route = createFileRoute('/console/operators')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadOperators(location.href),
  pendingComponent: MemberLoading,
  errorComponent: MemberLoadFailed,
  component: OperatorsPage,
});
