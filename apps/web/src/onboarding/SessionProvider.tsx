import { createApiClient } from '@app/api-client';
import { createContext, type ReactNode, useContext } from 'react';
import { toast } from '../toast/index.ts';
import { browserAnalytics } from './analytics.ts';
import { createOnboardingSession, type OnboardingSession } from './session.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let pageSession: OnboardingSession | null = null;

/** The page's one session, created on first use so marketing pages never start it. */
function defaultSession(): OnboardingSession {
  pageSession ??= createOnboardingSession({
    api: createApiClient(),
    toast: (params) => {
      toast(params);
    },
    analytics: browserAnalytics(),
    storage: browserStorage(),
    now: () => Date.now(),
  });
  return pageSession;
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

/** The session supplied by a provider, else the page's own. */
export function useOnboardingSession(): OnboardingSession {
  return useContext(SessionContext) ?? defaultSession();
}
