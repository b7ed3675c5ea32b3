import {
  currentScreen,
  isEndStep,
  type OnboardingSnapshot,
  routeToEvent,
  type Step,
  stateToRoute,
} from '@app/onboarding/flow';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { historyTrail } from './historyTrail.ts';
import type { OnboardingActor, OnboardingSession } from './session.ts';

/**
 * The one bridge between the router and the machine (DESIGN.md section 4).
 * Machine -> URL: when the actor's screen changes, go to its route. Go back (`goBack`) moves the
 * history back, as the browser's Back does, when the entry before is the step it leads to, so that
 * the browser's Forward retraces it; otherwise (a deep link, a reload: no such entry on this page)
 * the step is pushed like any other.
 * URL -> machine: back / forward / a typed URL asks the machine for that step; when the machine
 * refuses, the URL is put back to where the machine is.
 *
 * `actor` is the one rendered: while the page hydrates its prerendered HTML that is the
 * first-paint stand-in, whose step is the URL's and not where the visitor is; the bridge waits for
 * the session's own actor (restored from storage) before it compares the URL with the machine.
 *
 * Returns the end screen to show from the URL alone (see `Screen`'s `endStep`), or null, and
 * `goBack`, which the screens' Go back does.
 */
export function useRouteBridge(
  session: OnboardingSession,
  actor: OnboardingActor,
  snapshot: OnboardingSnapshot,
): { endStep: Step | null; goBack: () => void } {
  const { history } = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const route = stateToRoute(snapshot);
  const lastRoute = useRef<string | null>(null);
  /** The machine's last move was Go back's. */
  const wentBack = useRef(false);

  const goBack = useCallback(() => {
    const from = stateToRoute(actor.getSnapshot());
    actor.send({ type: 'nav.back' });
    wentBack.current = stateToRoute(actor.getSnapshot()) !== from;
  }, [actor]);

  useEffect(() => {
    const trail = historyTrail(history);
    if (actor !== session.get()) return;
    // Go back's history move is under way: the URL still names the step it left. Once it lands,
    // the URL is compared with the machine again (a second Go back meanwhile goes back further).
    if (trail.travelling) return;
    const previous = lastRoute.current;
    lastRoute.current = route;
    const back = wentBack.current;
    wentBack.current = false;
    if (pathname === route) return;
    if (previous !== null && previous !== route) {
      // The machine moved on: show its new screen. Go back returns to the entry before when it
      // shows that step, so the browser's Forward goes to the step it undid.
      if (back && trail.previous() === route) trail.back();
      else history.push(route);
      return;
    }
    // The URL moved (or the page just opened on it): ask the machine for that step.
    const request = routeToEvent(pathname);
    if (request === null) return;
    let current = actor;
    if (current.getSnapshot().status === 'done') {
      // A finished flow is over: coming back to onboarding starts a new one.
      current = session.restart();
    }
    const showEndScreen = isEndStep(request.step) && nothingStarted(current.getSnapshot());
    current.send(request);
    const settled = stateToRoute(current.getSnapshot());
    lastRoute.current = settled;
    // An end screen reloaded after the flow ended is shown as it is (see Screen); typed while
    // a flow is under way, it is refused like any other step the machine cannot reach.
    if (settled !== pathname && !showEndScreen) history.replace(settled);
  }, [actor, history, pathname, route, session]);

  const request = pathname === route ? null : routeToEvent(pathname);
  const endStep =
    request !== null && isEndStep(request.step) && nothingStarted(snapshot) ? request.step : null;
  return { endStep, goBack };
}

/** True when the flow holds nothing yet: a finished flow was cleared, or none was begun. */
export function nothingStarted(snapshot: OnboardingSnapshot): boolean {
  return snapshot.status === 'done' || currentScreen(snapshot)?.step === 'category';
}
