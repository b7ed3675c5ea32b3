import {
  currentScreen,
  isEndStep,
  type OnboardingSnapshot,
  routeToEvent,
  type Step,
  stateToRoute,
} from '@app/onboarding';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { OnboardingActor, OnboardingSession } from './session.ts';

/**
 * The one bridge between the router and the machine (DESIGN.md section 4).
 * Machine -> URL: when the actor's screen changes, go to its route.
 * URL -> machine: back / forward / a typed URL asks the machine for that step; when the machine
 * refuses, the URL is put back to where the machine is.
 *
 * `actor` is the one rendered: while the page hydrates its prerendered HTML that is the
 * first-paint stand-in, whose step is the URL's and not where the visitor is; the bridge waits for
 * the session's own actor (restored from storage) before it compares the URL with the machine.
 *
 * Returns the end screen to show from the URL alone (see `Screen`'s `endStep`), or null.
 */
export function useRouteBridge(
  session: OnboardingSession,
  actor: OnboardingActor,
  snapshot: OnboardingSnapshot,
): Step | null {
  const { history } = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const route = stateToRoute(snapshot);
  const lastRoute = useRef<string | null>(null);

  useEffect(() => {
    if (actor !== session.get()) return;
    const previous = lastRoute.current;
    lastRoute.current = route;
    if (pathname === route) return;
    if (previous !== null && previous !== route) {
      // The machine moved on: show its new screen.
      history.push(route);
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
  return request !== null && isEndStep(request.step) && nothingStarted(snapshot)
    ? request.step
    : null;
}

/** True when the flow holds nothing yet: a finished flow was cleared, or none was begun. */
export function nothingStarted(snapshot: OnboardingSnapshot): boolean {
  return snapshot.status === 'done' || currentScreen(snapshot)?.step === 'category';
}
