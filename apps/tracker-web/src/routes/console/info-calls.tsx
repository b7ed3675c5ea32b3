import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validatePageSearch } from '../../navigation.ts';
import { loadInfoCalls } from '../../pages/console/console-api.ts';
import { InfoCallsPage } from '../../pages/console/InfoCallsPage.tsx';

export const Route = createFileRoute('/console/info-calls')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadInfoCalls(deps.page, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: InfoCallsPage,
});
