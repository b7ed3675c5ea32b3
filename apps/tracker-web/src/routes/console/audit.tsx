import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validateAuditSearch } from '../../navigation.ts';
import { AuditLogPage } from '../../pages/console/AuditLogPage.tsx';
import { loadAudit } from '../../pages/console/console-api.ts';

export const Route = createFileRoute('/console/audit')({
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, q: search.q, action: search.action }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) =>
    loadAudit(deps.page, { q: deps.q, action: deps.action }, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: AuditLogPage,
});
