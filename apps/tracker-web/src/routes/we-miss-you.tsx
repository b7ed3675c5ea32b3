import { createFileRoute } from '@tanstack/react-router';
import { loadQuietLink, QuietLinkPage } from '../pages/TeamLifeLinkPages.tsx';

export const Route = createFileRoute('/we-miss-you')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token:
      typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
        ? search.token
        : undefined,
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) => loadQuietLink(deps.token),
  component: QuietLinkRoute,
});

function QuietLinkRoute() {
  const { token } = Route.useSearch();
  return <QuietLinkPage token={token} link={Route.useLoaderData()} />;
}
