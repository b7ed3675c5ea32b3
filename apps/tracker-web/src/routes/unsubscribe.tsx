import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../pages/EmailLinkPages.tsx';

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token:
      typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
        ? search.token
        : undefined,
  }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
