import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { validatePageSearch } from '../../navigation.ts';
import { AuditLogPage } from '../../pages/console/AuditLogPage.tsx';
import { loadAudit } from '../../pages/console/console-api.ts';

export const Route = createFileRoute('/console/audit')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadAudit(deps.page, location.href),
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: AuditLogPage,
});
