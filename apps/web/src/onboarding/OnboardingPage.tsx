import { createApiClient } from '@app/api-client';
import {
  currentScreen,
  type OnboardingEvent,
  routeToEvent,
  type Step,
  selectBusy,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { SnapshotFrom } from 'xstate';
import { toast } from '../toast/index.ts';
import { browserAnalytics } from './analytics.ts';
import { END_STEPS, progressOf } from './routing.ts';
import {
  CategoryScreen,
  CommitScreen,
  GoalScreen,
  IntroScreen,
  RoleScreen,
  SyncScreen,
} from './screens/FlowScreens.tsx';
import {
  AccountScreen,
  ConfirmScreen,
  MaybeScreen,
  MaybeSubmittedScreen,
  NoScreen,
  NoThankYouScreen,
  ThankYouScreen,
} from './screens/FormScreens.tsx';
import { TeamScreen } from './screens/TeamScreen.tsx';
import {
  createOnboardingSession,
  type OnboardingActor,
  type OnboardingSession,
} from './session.ts';

type OnboardingSnapshot = SnapshotFrom<OnboardingActor>;

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

/**
 * The one bridge between the router and the machine (DESIGN.md section 4).
 * Machine -> URL: when the actor's screen changes, go to its route.
 * URL -> machine: back / forward / a typed URL asks the machine for that step; when the machine
 * refuses, the URL is put back to where the machine is.
 */
function useRouteBridge(session: OnboardingSession, snapshot: OnboardingSnapshot) {
  const { history } = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const route = stateToRoute(snapshot);
  const lastRoute = useRef<string | null>(null);

  useEffect(() => {
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
    let actor = session.get();
    if (actor.getSnapshot().status === 'done') {
      // A finished flow is over: coming back to onboarding starts a new one.
      actor = session.restart();
    }
    const showEndScreen = END_STEPS.includes(request.step) && nothingStarted(actor.getSnapshot());
    actor.send(request);
    const settled = stateToRoute(actor.getSnapshot());
    lastRoute.current = settled;
    // An end screen reloaded after the flow ended is shown as it is (see Screen); typed while
    // a flow is under way, it is refused like any other step the machine cannot reach.
    if (settled !== pathname && !showEndScreen) history.replace(settled);
  }, [history, pathname, route, session]);

  const request = pathname === route ? null : routeToEvent(pathname);
  return request !== null && END_STEPS.includes(request.step) && nothingStarted(snapshot)
    ? request.step
    : null;
}

/** True when the flow holds nothing yet: a finished flow was cleared, or none was begun. */
function nothingStarted(snapshot: OnboardingSnapshot): boolean {
  return snapshot.status === 'done' || currentScreen(snapshot)?.step === 'category';
}

export function OnboardingPage() {
  const session = useContext(SessionContext) ?? defaultSession();
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

interface ScreenProps {
  snapshot: OnboardingSnapshot;
  send: (event: OnboardingEvent) => void;
  /**
   * An end screen named by the URL when the machine no longer knows it (reloaded after the flow
   * ended and its snapshot was cleared): these screens only state facts, so they can be shown.
   */
  endStep?: Step | null;
}

/** Draws the screen of the actor's state; every button only sends the machine an event. */
export function Screen({ snapshot, send, endStep = null }: ScreenProps) {
  const meta = currentScreen(snapshot);
  const { context } = snapshot;
  const busy = selectBusy(snapshot);
  const step = endStep ?? meta?.step;
  const progress = step === undefined ? null : progressOf(step);
  const back = () => send({ type: 'nav.back' });
  const teamName = context.team?.name ?? '';

  switch (step) {
    case 'category':
      return (
        <CategoryScreen onChoose={(category) => send({ type: 'category.choose', category })} />
      );
    case 'role':
      return (
        <RoleScreen
          key={context.category}
          category={context.category ?? 'other'}
          progress={progress}
          pending={busy}
          error={context.errors.role}
          initial={context.focusArea ?? ''}
          onSubmit={(value) => send({ type: 'role.submit', value })}
          onBack={back}
        />
      );
    case 'team': {
      const hold = selectHold(snapshot);
      return (
        <TeamScreen
          progress={progress}
          team={snapshot.matches('matching') ? null : context.team}
          countdown={hold.countdown}
          hold={hold.status}
          onChoose={(choice) => send({ type: 'team.choose', choice })}
          onExtend={() => send({ type: 'hold.extend' })}
          onRetry={() => send({ type: 'team.retry' })}
          onBack={back}
        />
      );
    }
    case 'intro':
      return (
        <IntroScreen
          progress={progress}
          initial={context.name}
          teamName={teamName}
          onNext={(name) => send({ type: 'intro.submit', name })}
          onBack={back}
        />
      );
    case 'goal':
      return (
        <GoalScreen
          progress={progress}
          initial={context.goal}
          onNext={(goal) => send({ type: 'goal.submit', goal })}
          onBack={back}
        />
      );
    case 'commit':
      return (
        <CommitScreen
          progress={progress}
          onNext={() => send({ type: 'commit.accept' })}
          onBack={back}
        />
      );
    case 'sync':
      return (
        <SyncScreen
          progress={progress}
          onNext={() => send({ type: 'sync.accept' })}
          onBack={back}
        />
      );
    case 'account':
      return (
        <AccountScreen
          progress={progress}
          teamName={teamName}
          pending={busy}
          errors={context.errors}
          onSubmit={(values) => send({ type: 'account.submit', ...values })}
          onBack={back}
        />
      );
    case 'confirm':
      return (
        <ConfirmScreen
          progress={progress}
          teamName={teamName}
          pending={busy}
          photoError={context.errors.photo}
          onPhotoSelected={(photo) => send({ type: 'profile.photoSelected', photo })}
          onSubmit={(values) => send({ type: 'profile.submit', ...values })}
          onSkip={() => send({ type: 'profile.skip' })}
        />
      );
    case 'maybe':
      return (
        <MaybeScreen
          date={
            snapshot.matches({ matched: { step: { maybe: 'loadingDate' } } })
              ? null
              : context.bookingDate
          }
          pending={busy}
          errors={context.errors}
          onSubmit={(values) => send({ type: 'booking.submit', ...values })}
          onHome={() => send({ type: 'nav.home' })}
          onBack={back}
        />
      );
    case 'no':
      return (
        <NoScreen
          pending={busy}
          errors={context.errors}
          onSubmit={(values) => send({ type: 'feedback.submit', ...values })}
        />
      );
    case 'thank-you':
      return <ThankYouScreen profileSaved={context.profileSaved} />;
    case 'no-thank-you':
      return <NoThankYouScreen />;
    case 'maybe-submitted':
      return <MaybeSubmittedScreen />;
    default:
      // 'home': the bridge is taking the visitor to the home page.
      return null;
  }
}
