import { createFileRoute } from '@tanstack/react-router';
import { safeNext } from '../navigation.ts';
import { NewPasswordPage } from '../pages/NewPasswordPage.tsx';

export const Route = createFileRoute('/new-password')({
  // Always the key, undefined when refused: the router keeps a raw value for a key left out.
  validateSearch: (search: Record<string, unknown>): { next?: string | undefined } => ({
    next: safeNext(search.next),
  }),
  component: NewPasswordRoute,
});

function NewPasswordRoute() {
  const { next } = Route.useSearch();
  return <NewPasswordPage next={next} />;
}
