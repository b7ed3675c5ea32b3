import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateListSearch } from '../../navigation.ts';
import { AuditLogPage } from '../../pages/console/AuditLogPage.tsx';
import { loadAudit } from '../../pages/console/console-api.ts';

export const Route = createFileRoute('/console/audit')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    q: search.q,
    action: search.action,
    operator: search.operator,
  }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps: { page, ...search }, location }) => loadAudit(page, search, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: AuditLogPage,
});
