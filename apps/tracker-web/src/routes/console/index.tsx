import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateListSearch } from '../../navigation.ts';
import { loadQueue } from '../../pages/console/console-api.ts';
import { QueuePage } from '../../pages/console/QueuePage.tsx';

export const Route = createFileRoute('/console/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    q: search.q,
    area: search.area,
    overdue: search.overdue,
  }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps: { page, ...search }, location }) => loadQueue(page, search, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: QueuePage,
});
