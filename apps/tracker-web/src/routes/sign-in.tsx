import { createFileRoute } from '@tanstack/react-router';
import { validateSignInSearch } from '../navigation.ts';
import { SignInPage } from '../pages/SignInPage.tsx';

export const Route = createFileRoute('/sign-in')({
  validateSearch: validateSignInSearch,
  component: SignInRoute,
});

function SignInRoute() {
  const search = Route.useSearch();
  return <SignInPage {...search} />;
}
