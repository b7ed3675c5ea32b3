import { isEndStep, routeToEvent } from '@app/onboarding/flow';
import { toast } from '@app/ui/toast-store';
import { useLocation } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { lazyApiClient, neverAnsweringApi } from '../boot/lazyApi.ts';
import { browserStorage } from '../boot/storedFlow.ts';
import { browserAnalytics } from './analytics.ts';
import { nothingStarted } from './RouteBridge.ts';
import {
  createOnboardingSession,
  type OnboardingActor,
  type OnboardingSession,
} from './session.ts';

let pageSession: OnboardingSession | null = null;

/**
 * Developer tools (and the browser path tests) that put a function on the page as
 * `__ONBOARDING_DEVTOOLS_HOOK__` before it loads are handed the page's session, as React's
 * devtools are handed its renderer. Without such a hook nothing happens.
 */
function announceToDevtools(session: OnboardingSession) {
  const hook: unknown = Reflect.get(window, '__ONBOARDING_DEVTOOLS_HOOK__');
  if (typeof hook === 'function') hook(session);
}

/**
 * The page's one session, created on first use so marketing pages never start it. A flow that
 * nothing was restored into is sent the URL's step at once (what the bridge would do after the
 * first render), so the page's first render is the step's screen: the one prerendered for it.
 */
function defaultSession(pathname: string): OnboardingSession {
  if (pageSession === null) {
    pageSession = createOnboardingSession({
      // The client's code (ky, the answers' schemas) loads with the first call.
      api: lazyApiClient(() => import('../api.ts').then(({ getApi }) => getApi())),
      toast: (params) => {
        toast(params);
      },
      analytics: browserAnalytics(),
      storage: browserStorage(),
      now: () => Date.now(),
      page: window,
    });
    announceToDevtools(pageSession);
    const request = routeToEvent(pathname);
    if (
      request !== null &&
      !isEndStep(request.step) &&
      nothingStarted(pageSession.get().getSnapshot())
    ) {
      pageSession.send(request);
    }
  }
  return pageSession;
}

/**
 * The flow as a visitor with nothing stored first sees the URL's step: no storage, no answers
 * yet, the clock at zero. The prerendered HTML is this, and the browser hydrates against the
 * same; a flow restored from storage replaces it right after hydration.
 */
export function firstPaintSession(pathname: string): OnboardingSession {
  const session = createOnboardingSession({
    api: neverAnsweringApi,
    toast: () => {},
    analytics: { track: () => {} },
    storage: null,
    now: () => 0,
  });
  const request = routeToEvent(pathname);
  if (request !== null && !isEndStep(request.step)) session.send(request);
  return session;
}

const SessionContext = createContext<OnboardingSession | null>(null);

/** Lets tests (and other hosts) supply a session with fake calls and storage. */
export function OnboardingSessionProvider({
  session,
  children,
}: {
  session: OnboardingSession;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export interface PageSession {
  session: OnboardingSession;
  /** The actor to render on the server and while hydrating its HTML (useSyncExternalStore). */
  serverActor: () => OnboardingActor;
}

/**
 * The session supplied by a provider, else the page's own; on the server (prerendering), the
 * first-paint stand-in, which the browser also renders while it hydrates that HTML.
 */
export function useOnboardingSession(): PageSession {
  const pathname = useLocation({ select: (location) => location.pathname });
  const provided = useContext(SessionContext);
  // Made only when rendering on the server or hydrating the server's HTML.
  const firstPaint = useRef<OnboardingSession | null>(null);
  const standIn = () => {
    firstPaint.current ??= firstPaintSession(pathname);
    return firstPaint.current;
  };
  useEffect(() => {
    // Hydrated: the stand-in flow is not shown again.
    firstPaint.current?.get().stop();
  }, []);
  if (provided !== null) return { session: provided, serverActor: provided.get };
  const session = typeof window === 'undefined' ? standIn() : defaultSession(pathname);
  return { session, serverActor: () => standIn().get() };
}
