import { isCategoryStep } from '@app/onboarding/steps';
import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * One onboarding step; the onboarding layout draws it from the actor's state. A step name the
 * spec does not list is "any other" route: the not-found page (spec 2).
 */
export const Route = createFileRoute('/_onboarding/onboarding/$category/$step')({
  beforeLoad: ({ params }) => {
    if (!isCategoryStep(params.step)) throw notFound();
  },
});
