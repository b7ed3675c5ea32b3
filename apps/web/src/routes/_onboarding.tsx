import { createFileRoute } from '@tanstack/react-router';
import { OnboardingPage } from '../onboarding/OnboardingPage.tsx';

/**
 * Every onboarding step and end screen sits under this pathless layout, which renders the
 * onboarding screens once: the component stays mounted from step to step, and (with the router's
 * automatic code splitting) its code loads only when one of these routes is visited.
 */
export const Route = createFileRoute('/_onboarding')({
  component: OnboardingLayout,
});

function OnboardingLayout() {
  return <OnboardingPage />;
}
