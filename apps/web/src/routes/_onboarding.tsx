import { routeToEvent } from '@app/onboarding/routes';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { FirstStep, type FirstStepView } from '../onboarding/FirstStep.tsx';
import { loadedFlowPage, loadFlowPage } from '../onboarding/flowPage.ts';
import {
  afterPress,
  carryFromPage,
  dropCarried,
  queueForFlow,
  takeQueued,
  watchPresses,
} from '../onboarding/handover.ts';
import { loadLaterScreens } from '../onboarding/lazyScreens.tsx';

/**
 * Every onboarding step and end screen sits under this pathless layout, which renders the
 * onboarding screens once: the component stays mounted from step to step, and (with the router's
 * automatic code splitting) its code loads only when one of these routes is visited.
 */
export const Route = createFileRoute('/_onboarding')({
  // The loader comes with the onboarding's own code, not with every page's.
  codeSplitGroupings: [['loader', 'component']],
  // A page opened at a later step or an end screen shows the flow's screen at once: the flow's
  // code and the later screens' come before the page is hydrated, or the screen's HTML would give
  // way to nothing (its Suspense boundary) the moment the onboarding's first update reached it,
  // and the whole page would jump. The first steps (the area, then the role, at its own or the
  // bare area path) are drawn from the URL until the flow has loaded (decision 42).
  loader: async ({ location }) => {
    if (firstStepOf(location.pathname) !== null) return;
    await Promise.all([loadLaterScreens(), loadFlowPage()]);
  },
  component: OnboardingLayout,
});

/** The first step a pathname names, or null (a later step, an end screen, no onboarding route). */
function firstStepOf(pathname: string): FirstStepView | null {
  const request = routeToEvent(pathname);
  if (request?.step === 'category') return { step: 'category' };
  if (request?.step === 'role' && request.category !== null) {
    return { step: 'role', category: request.category };
  }
  return null;
}

function OnboardingLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [flowPage, setFlowPage] = useState(loadedFlowPage);
  /** An answer (or Go back) given on the first step is kept for the flow. */
  const [waiting, setWaiting] = useState(false);
  /** Counts those answers: each tries the download again should it have failed. */
  const [asked, setAsked] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer tries a failed download again
  useEffect(() => {
    if (flowPage !== null) {
      // What the flow's screen did not take (it showed another step) is forgotten.
      dropCarried();
      return;
    }
    let current = true;
    const stopWatching = watchPresses(window);
    loadFlowPage().then(
      (module) => {
        afterPress(() => {
          if (!current) return;
          // What the page shows is read and the flow's page committed in one task: no input
          // comes between them.
          flushSync(() => {
            carryFromPage(document);
            setFlowPage(module);
          });
        });
      },
      () => {
        // Offline, or a new release replaced the chunk: the step stays usable, and an answer
        // given meanwhile is dropped (its button ready again) so that the next one tries again.
        if (!current) return;
        takeQueued();
        setWaiting(false);
      },
    );
    return () => {
      current = false;
      stopWatching();
    };
  }, [flowPage, asked]);
  // An answer kept on one step is not the visitor's on another (the browser's Back meanwhile), nor
  // on a later visit to onboarding after leaving it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new URL, and when leaving
  useEffect(() => {
    const forget = () => {
      takeQueued();
      dropCarried();
    };
    forget();
    setWaiting(false);
    return forget;
  }, [pathname]);
  if (flowPage !== null) return <flowPage.OnboardingPage />;
  const view = firstStepOf(pathname);
  // A later step's route loaded the flow before rendering: no other case reaches here.
  if (view === null) return null;
  return (
    <FirstStep
      view={view}
      waiting={waiting}
      onHand={(event) => {
        if (!queueForFlow(event)) return;
        setWaiting(true);
        setAsked((count) => count + 1);
      }}
    />
  );
}
