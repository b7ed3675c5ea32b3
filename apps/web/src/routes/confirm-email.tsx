import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../pages/ConfirmEmailPage.tsx';

export const Route = createFileRoute('/confirm-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
