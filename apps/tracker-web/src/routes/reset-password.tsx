import { call } from '@app/api-client/endpoints';
import { MEMBER_API } from '@app/contracts';
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
  loaderDeps: ({ search }) => ({ token: search.token }),
  // The loader and the page load together, after the app's entry: the API's schemas stay out
  // of the first script.
  codeSplitGroupings: [['loader', 'component']],
  // Whether the link still works, asked before its form shows; when the question cannot be
  // answered (offline), the form shows and its submit says what is wrong.
  loader: async ({ deps }) => {
    if (!deps.token) return { state: undefined };
    try {
      return await call(MEMBER_API.checkPasswordReset, { token: deps.token });
    } catch {
      return { state: undefined };
    }
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  const { state } = Route.useLoaderData();
  return <ResetPasswordPage token={token} state={state} />;
}
