import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateQueueSearch } from '../../navigation.ts';
import { loadQueue } from '../../pages/console/console-api.ts';
import { QueuePage } from '../../pages/console/QueuePage.tsx';

export const Route = createFileRoute('/console/')({
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, q: search.q }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadQueue(deps.page, deps.q, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: QueuePage,
});
