import { MESSAGES } from '@app/contracts';
import {
  currentScreen,
  HOLD_LINE_STEPS,
  type OnboardingEvent,
  type OnboardingSnapshot,
  progressOf,
  type ScreenMeta,
  type Step,
  selectBusy,
  selectHold,
  selectSampleReason,
} from '@app/onboarding/flow';
import { Suspense } from 'react';
import {
  AccountScreen,
  CommitScreen,
  ConfirmScreen,
  GoalScreen,
  HoldStatus,
  IntroScreen,
  MaybeScreen,
  MaybeSubmittedScreen,
  NoScreen,
  NoThankYouScreen,
  SyncScreen,
  TeamScreen,
  ThankYouScreen,
} from '../boot/lazyScreens.tsx';
import { areaTitle } from '../content/areas.ts';
import type { StepFrame } from './components/StepLayout.tsx';
// The first steps' screens come with the page; the others load once it is on screen.
import { CategoryScreen } from './screens/CategoryScreen.tsx';
import { RoleScreen } from './screens/RoleScreen.tsx';

export interface ScreenProps {
  snapshot: OnboardingSnapshot;
  send: (event: OnboardingEvent) => void;
  /**
   * An end screen named by the URL when the machine no longer knows it (reloaded after the flow
   * ended and its snapshot was cleared): these screens only state facts, so they can be shown.
   */
  endStep?: Step | null;
  /**
   * Asks for the confirmation email again (thank-you's "Resend confirmation email"): a call
   * outside the machine. Without it (the studio's previews) the screen does not offer it.
   */
  resendConfirmation?: ((email: string) => Promise<unknown>) | undefined;
}

/** The `meta` the machine gives a step's top-level state (end screens shown from their URL). */
function metaOfStep(snapshot: OnboardingSnapshot, step: Step): ScreenMeta | null {
  for (const node of Object.values(snapshot.machine.states)) {
    if (node.meta?.step === step) return node.meta;
  }
  return null;
}

/**
 * Draws the screen of the actor's state; every button only sends the machine an event. A later
 * step's screen whose code has not arrived yet shows nothing until it has (while hydrating, the
 * prerendered HTML stays).
 */
export function Screen(props: ScreenProps) {
  return (
    <Suspense fallback={null}>
      <StepScreen {...props} />
    </Suspense>
  );
}

function StepScreen({ snapshot, send, endStep = null, resendConfirmation }: ScreenProps) {
  const meta = endStep === null ? currentScreen(snapshot) : metaOfStep(snapshot, endStep);
  const { context } = snapshot;
  const busy = selectBusy(snapshot);
  const step = endStep ?? meta?.step;
  const hold = selectHold(snapshot);
  const holdActions = {
    onExtend: () => send({ type: 'hold.extend' }),
    onRetake: () => send({ type: 'hold.retake' }),
    onRetry: () => send({ type: 'team.retry' }),
  };
  const frame: StepFrame = {
    title: meta?.title ?? '',
    progress: step === undefined ? null : progressOf(step),
    // From intro to account (and on Maybe, which keeps it) the held slot sits in the step's
    // header; the team step shows it in full. It is absent when nothing is held (the sample team,
    // or a seat given back).
    status:
      step !== undefined && HOLD_LINE_STEPS.includes(step) ? (
        <HoldStatus hold={hold} line={MESSAGES.holdLine} {...holdActions} />
      ) : null,
  };
  const back = () => send({ type: 'nav.back' });
  const teamName = context.team?.name ?? '';
  const sample = selectSampleReason(snapshot);

  switch (step) {
    case 'category':
      return (
        <CategoryScreen
          frame={frame}
          onChoose={(category) => send({ type: 'category.choose', category })}
        />
      );
    case 'role':
      return (
        <RoleScreen
          key={context.category}
          frame={frame}
          category={context.category ?? 'other'}
          pending={busy}
          errors={context.errors}
          initial={context.focusArea ?? ''}
          onSubmit={(value) => send({ type: 'role.submit', value })}
          onBack={back}
        />
      );
    case 'team':
      return (
        <TeamScreen
          frame={frame}
          team={snapshot.matches('matching') ? null : context.team}
          hold={hold}
          sample={sample}
          areaTitle={areaTitle(context.category)}
          onChoose={(choice) => send({ type: 'team.choose', choice })}
          {...holdActions}
          onBack={back}
        />
      );
    case 'intro':
      return (
        <IntroScreen
          frame={frame}
          initial={context.name}
          teamName={teamName}
          errors={context.errors}
          onNext={(name) => send({ type: 'intro.submit', name })}
          onBack={back}
        />
      );
    case 'goal':
      return (
        <GoalScreen
          frame={frame}
          // Other asked for the goal on the role step already: start from that answer.
          initial={context.goal || (context.category === 'other' ? (context.focusArea ?? '') : '')}
          errors={context.errors}
          onNext={(goal) => send({ type: 'goal.submit', goal })}
          onBack={back}
        />
      );
    case 'commit':
      return (
        <CommitScreen frame={frame} onNext={() => send({ type: 'commit.accept' })} onBack={back} />
      );
    case 'sync':
      return (
        <SyncScreen frame={frame} onNext={() => send({ type: 'sync.accept' })} onBack={back} />
      );
    case 'account':
      return (
        <AccountScreen
          frame={frame}
          teamName={teamName}
          pending={busy}
          errors={context.errors}
          accountExists={context.accountExists === true}
          sampleTeam={sample !== null}
          signingIn={
            snapshot.matches({ matched: { step: { account: 'handingOver' } } }) ||
            snapshot.matches('signIn')
          }
          onSubmit={(values) => send({ type: 'account.submit', ...values })}
          onSignIn={() => send({ type: 'account.signIn' })}
          onBack={back}
        />
      );
    case 'confirm':
      return (
        <ConfirmScreen
          frame={frame}
          teamName={teamName}
          assignedLater={sample !== null}
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
          frame={frame}
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
          frame={frame}
          pending={busy}
          errors={context.errors}
          onSubmit={(values) => send({ type: 'feedback.submit', ...values })}
        />
      );
    case 'thank-you':
      return (
        <ThankYouScreen
          frame={frame}
          profileSaved={context.profileSaved}
          email={endStep === null ? context.email : ''}
          assignedLater={sample !== null}
          resendConfirmation={resendConfirmation}
        />
      );
    case 'no-thank-you':
      return <NoThankYouScreen frame={frame} />;
    case 'maybe-submitted':
      return (
        <MaybeSubmittedScreen frame={frame} date={endStep === null ? context.bookingDate : null} />
      );
    default:
      // 'home': the bridge is taking the visitor to the home page.
      return null;
  }
}
