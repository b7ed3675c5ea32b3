import { createFileRoute } from '@tanstack/react-router';
import { CheckInLinkPage, loadCheckInLink } from '../pages/EmailLinkPages.tsx';

const tokenSearch = (search: Record<string, unknown>): { token?: string | undefined } => ({
  token:
    typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
      ? search.token
      : undefined,
});

export const Route = createFileRoute('/check-in')({
  validateSearch: tokenSearch,
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) => loadCheckInLink(deps.token),
  component: CheckInLinkRoute,
});

function CheckInLinkRoute() {
  const { token } = Route.useSearch();
  return <CheckInLinkPage token={token} link={Route.useLoaderData()} />;
}
