import { routeToEvent } from '@app/onboarding/flow';
import { createFileRoute } from '@tanstack/react-router';
import { loadLaterScreens } from '../onboarding/lazyScreens.tsx';
import { OnboardingPage } from '../onboarding/OnboardingPage.tsx';

/**
 * Every onboarding step and end screen sits under this pathless layout, which renders the
 * onboarding screens once: the component stays mounted from step to step, and (with the router's
 * automatic code splitting) its code loads only when one of these routes is visited.
 */
export const Route = createFileRoute('/_onboarding')({
  // The loader comes with the onboarding's own code, not with every page's.
  codeSplitGroupings: [['loader', 'component']],
  // A page opened at a later step or an end screen shows a screen of the later chunk first: its
  // code comes before the page is hydrated, or the screen's HTML would give way to nothing
  // (its Suspense boundary) the moment the onboarding's first update reached it, and the whole
  // page would jump. The first steps (the area, then the role, at its own or the bare area path)
  // load it once they are on screen, as before.
  loader: async ({ location }) => {
    const step = routeToEvent(location.pathname)?.step;
    if (step === 'category' || step === 'role') return;
    await loadLaterScreens();
  },
  component: OnboardingLayout,
});

function OnboardingLayout() {
  return <OnboardingPage />;
}
