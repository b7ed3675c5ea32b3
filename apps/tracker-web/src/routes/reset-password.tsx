import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../pages/ResetPasswordPage.tsx';

export const Route = createFileRoute('/reset-password')({
  // Always the key, undefined when refused: the router keeps a raw value for a key left out.
  validateSearch: (search: Record<string, unknown>): { token?: string | undefined } => ({
    token:
      typeof search.token === 'string' && search.token !== '' && search.token.length <= 200
        ? search.token
        : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
