import { isCategory } from '@app/contracts';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any category other than work, school, god or other goes back to the home page (spec 2). */
export const Route = createFileRoute('/_onboarding/onboarding/$category')({
  beforeLoad: ({ params }) => {
    if (!isCategory(params.category)) throw redirect({ to: '/', replace: true });
  },
});
