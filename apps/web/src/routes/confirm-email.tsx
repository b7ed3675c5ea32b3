import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage, confirmEmail } from '../pages/ConfirmEmailPage.tsx';

export const Route = createFileRoute('/confirm-email')({
  // The loader calls the API, so it loads with the page's own code rather than with every page's.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Not awaited, so the page shows at once that it is checking. A prerendered page (no browser)
  // sends nothing.
  loader: ({ deps }) => ({
    result: deps.token && typeof window !== 'undefined' ? confirmEmail(deps.token) : null,
  }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  const { result } = Route.useLoaderData();
  return <ConfirmEmailPage token={token} result={result} />;
}
