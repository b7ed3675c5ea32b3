import { createFileRoute } from '@tanstack/react-router';
import { loadUnsubscribeLink, UnsubscribePage } from '../pages/EmailLinkPages.tsx';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token:
      typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
        ? search.token
        : undefined,
  }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ deps }) => loadUnsubscribeLink(deps.token),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} link={Route.useLoaderData()} />;
}
