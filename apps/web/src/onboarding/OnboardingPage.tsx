import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useRouteBridge } from './RouteBridge.ts';
import { Screen } from './Screen.tsx';
import { useOnboardingSession } from './SessionProvider.tsx';
import type { OnboardingActor, OnboardingSession } from './session.ts';

/** Every onboarding route renders this: the session's actor, its screen, and the URL bridge. */
export function OnboardingPage() {
  const session = useOnboardingSession();
  const actor = useSyncExternalStore(session.subscribe, session.get, session.get);
  return <OnboardingFlow session={session} actor={actor} />;
}

function OnboardingFlow({
  session,
  actor,
}: {
  session: OnboardingSession;
  actor: OnboardingActor;
}) {
  const snapshot = useSelector(actor, (value) => value);
  const endStep = useRouteBridge(session, snapshot);
  return <Screen snapshot={snapshot} send={(event) => actor.send(event)} endStep={endStep} />;
}
