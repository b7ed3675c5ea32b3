import { createFileRoute } from '@tanstack/react-router';
import { loadEnrolment } from '../../pages/console/console-api.ts';
import { EnrolPage } from '../../pages/console/EnrolPage.tsx';
import { MemberLoadFailed, MemberLoading } from '../../pages/member/MemberLayout.tsx';

export const Route = createFileRoute('/console/second-factor')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ location }) => loadEnrolment(location.href),
  // The secret is made once per account until confirmed; reading it again is the same secret.
  staleTime: Number.POSITIVE_INFINITY,
  pendingComponent: MemberLoading,
  errorComponent: MemberLoadFailed,
  component: EnrolPage,
});
