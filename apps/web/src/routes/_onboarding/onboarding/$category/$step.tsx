import { createFileRoute, notFound } from '@tanstack/react-router';
import { isOnboardingStepSegment } from '../../../../categories.ts';

/**
 * One onboarding step; the onboarding layout draws it from the actor's state. A step name the
 * spec does not list is "any other" route: the not-found page (spec 2).
 */
export const Route = createFileRoute('/_onboarding/onboarding/$category/$step')({
  beforeLoad: ({ params }) => {
    if (!isOnboardingStepSegment(params.step)) throw notFound();
  },
});
