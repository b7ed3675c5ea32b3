import type { OnboardingEvent } from '@app/onboarding/flow';
import { redirect, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { answerInQuery, FirstStep, firstStepOf, freshStartOf } from './FirstStep.tsx';
import { loadedFlowPage, loadFlowPage, noteVisitorActed, whenVisitorActs } from './flowPage.ts';
import {
  afterPress,
  carryFromPage,
  dropCarried,
  queueForFlow,
  takeQueued,
  watchPresses,
} from './handover.ts';
import { loadLaterScreens } from './lazyScreens.tsx';
import { flowStored } from './storedFlow.ts';

/**
 * What the onboarding route (`src/routes/_onboarding.tsx`) loads before it renders. A page opened
 * at a later step or an end screen shows the flow's screen at once: the flow's code and the later
 * screens' come before the page is hydrated, or the screen's HTML would give way to nothing (its
 * Suspense boundary) the moment the onboarding's first update reached it, and the whole page would
 * jump. The first steps (the area, then the role, at its own or the bare area path) are drawn from
 * the URL until the flow has loaded (decision 42), and so is the role step a later step leads to
 * when there is no flow to restore (decision 44): what the machine would show there is known
 * without it, and the page's HTML is that step already.
 */
export async function loadOnboarding(pathname: string): Promise<void> {
  if (firstStepOf(pathname) !== null) return;
  const fresh =
    typeof window === 'undefined' || loadedFlowPage() !== null || flowStored()
      ? null
      : freshStartOf(pathname);
  if (fresh !== null) throw redirect({ href: fresh, replace: true });
  await Promise.all([loadLaterScreens(), loadFlowPage()]);
}

/**
 * The onboarding's layout: the first step drawn from its URL until the flow's page has loaded,
 * then the flow's page, with what the visitor did meanwhile handed over to it.
 */
export function OnboardingLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { history } = useRouter();
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
    // The flow's code runs when the visitor first acts (its download starts now): a step that is
    // only read is not kept busy by it (decision 43).
    const stopWaiting = whenVisitorActs(() =>
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
      ),
    );
    return () => {
      current = false;
      stopWatching();
      stopWaiting();
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
  const hand = (event: OnboardingEvent) => {
    if (!queueForFlow(event)) return;
    noteVisitorActed();
    setWaiting(true);
    setAsked((count) => count + 1);
  };
  // The role step's answer sent before the page's code ran (its form's own GET, `answerInQuery`)
  // is the visitor's answer now: the address loses its query (a reload does not answer again) and
  // the answer goes to the flow, as a tap on Continue would (after the effects above).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page's code takes over
  useEffect(() => {
    if (firstStepOf(pathname)?.step !== 'role') return;
    const answer = answerInQuery(window.location.search);
    if (answer === null) return;
    history.replace(pathname, history.location.state);
    hand({ type: 'role.submit', value: answer });
  }, []);
  if (flowPage !== null) return <flowPage.OnboardingPage />;
  const view = firstStepOf(pathname);
  // A later step's route loaded the flow before rendering: no other case reaches here.
  if (view === null) return null;
  return <FirstStep view={view} waiting={waiting} onHand={hand} />;
}
