import { createFileRoute } from '@tanstack/react-router';
import { safeNext } from '../navigation.ts';
import { SecondFactorPage } from '../pages/SecondFactorPage.tsx';

export const Route = createFileRoute('/second-factor')({
  // Always the key, undefined when refused: the router keeps a raw value for a key left out.
  validateSearch: (search: Record<string, unknown>): { next?: string | undefined } => ({
    next: safeNext(search.next),
  }),
  component: SecondFactorRoute,
});

function SecondFactorRoute() {
  const { next } = Route.useSearch();
  return <SecondFactorPage next={next} />;
}
