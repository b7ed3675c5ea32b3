import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { loadOperators } from '../../pages/console/console-api.ts';
import { OperatorsPage } from '../../pages/console/OperatorsPage.tsx';

export const Route = createFileRoute('/console/operators')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadOperators(location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: OperatorsPage,
});
