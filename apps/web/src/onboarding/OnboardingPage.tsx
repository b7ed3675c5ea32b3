import type { OnboardingEvent } from '@app/onboarding/flow';
import { useSelector } from '@xstate/react';
import { useEffect, useSyncExternalStore } from 'react';
import { takeQueued } from '../boot/handover.ts';
import { loadLaterScreens } from '../boot/lazyScreens.tsx';
import { clearDrafts } from './drafts.ts';
import { loadFormChecks, sendChecked } from './formChecks.ts';
import { useRouteBridge } from './RouteBridge.ts';
import { Screen } from './Screen.tsx';
import { useOnboardingSession } from './SessionProvider.tsx';
import type { OnboardingActor, OnboardingSession } from './session.ts';

/** Every onboarding route renders this: the session's actor, its screen, and the URL bridge. */
export function OnboardingPage() {
  const { session, serverActor } = useOnboardingSession();
  const actor = useSyncExternalStore(session.subscribe, session.get, serverActor);
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
  const { endStep, goBack } = useRouteBridge(session, actor, snapshot);
  const ended = snapshot.status === 'done';
  useEffect(() => {
    if (ended) clearDrafts();
  }, [ended]);
  // Go back goes through the bridge, which moves the history back with it.
  const send = (event: OnboardingEvent) =>
    event.type === 'nav.back' ? goBack() : sendChecked(actor, event);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the flow starts
  useEffect(() => {
    // The step is on screen: what the next ones need comes now, before it is asked for.
    loadLaterScreens().catch(() => undefined);
    loadFormChecks().catch(() => undefined);
    // What the visitor did on the first step before the flow had loaded (after the bridge has
    // matched the flow to the URL, as its effect runs first).
    for (const event of takeQueued()) send(event);
  }, []);
  return (
    <Screen
      snapshot={snapshot}
      send={send}
      endStep={endStep}
      resendConfirmation={session.api.resendConfirmation}
    />
  );
}
