import { createFileRoute } from '@tanstack/react-router';
import { loadOnboarding, OnboardingLayout } from '../boot/onboardingRoute.tsx';

/**
 * Every onboarding step and end screen sits under this pathless layout, which renders the
 * onboarding screens once: the component stays mounted from step to step, and (with the router's
 * automatic code splitting) its code loads only when one of these routes is visited. What it loads
 * first and how a first step hands over to the flow: `src/boot/` (its README).
 */
export const Route = createFileRoute('/_onboarding')({
  // The loader comes with the onboarding's own code, not with every page's.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ location }) => loadOnboarding(location.pathname),
  component: OnboardingLayout,
});
