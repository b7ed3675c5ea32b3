import { createFileRoute } from '@tanstack/react-router';
import { validatePageSearch } from '../../navigation.ts';
import { AuditLogPage } from '../../pages/console/AuditLogPage.tsx';
import { loadAudit } from '../../pages/console/console-api.ts';
import { MemberLoadFailed, MemberLoading } from '../../pages/member/MemberLayout.tsx';

export const Route = createFileRoute('/console/audit')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ deps, location }) => loadAudit(deps.page, location.href),
  pendingComponent: MemberLoading,
  errorComponent: MemberLoadFailed,
  component: AuditLogPage,
});
