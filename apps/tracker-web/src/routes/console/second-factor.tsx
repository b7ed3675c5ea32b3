import { createFileRoute } from '@tanstack/react-router';
import { PageLoadFailed, PageLoading } from '../../components/PageStatus.tsx';
import { loadEnrolment } from '../../pages/console/console-api.ts';
import { EnrolPage } from '../../pages/console/EnrolPage.tsx';

export const Route = createFileRoute('/console/second-factor')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadEnrolment(location.href),
  // The secret is made once per account until confirmed; reading it again is the same secret.
  staleTime: Number.POSITIVE_INFINITY,
  pendingComponent: PageLoading,
  errorComponent: PageLoadFailed,
  component: EnrolPage,
});
