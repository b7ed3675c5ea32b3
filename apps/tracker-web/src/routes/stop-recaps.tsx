import { createFileRoute } from '@tanstack/react-router';
import { StopRecapsPage } from '../pages/TeamLifeLinkPages.tsx';

export const Route = createFileRoute('/stop-recaps')({
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token:
      typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
        ? search.token
        : undefined,
  }),
  component: StopRecapsRoute,
});

function StopRecapsRoute() {
  const { token } = Route.useSearch();
  return <StopRecapsPage token={token} />;
}
