import { createFileRoute } from '@tanstack/react-router';
import { validateQueueSearch } from '../../navigation.ts';
import { loadQueue } from '../../pages/console/console-api.ts';
import { QueuePage } from '../../pages/console/QueuePage.tsx';
import { MemberLoadFailed, MemberLoading } from '../../pages/member/MemberLayout.tsx';

export const Route = createFileRoute('/console/')({
  validateSearch: validateQueueSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, q: search.q }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadQueue(deps.page, deps.q, location.href),
  pendingComponent: MemberLoading,
  errorComponent: MemberLoadFailed,
  component: QueuePage,
});
