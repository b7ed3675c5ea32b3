/**
 * What a person must see in each state of the onboarding model, in the spec's words: the URL,
 * the one heading, and the texts that tell the state apart (a pending call, the hold's warning
 * or release, the form's messages). Every test level checks a replayed step against this.
 */
import { MESSAGES } from '@app/contracts';
import { currentScreen, selectHold, selectSampleReason, stateToRoute } from '@app/onboarding';
import type { ModelStep } from '@app/onboarding/testing';
import { MODEL_DATA } from '@app/onboarding/testing';
import { areaTitle } from '../../content/areas.ts';

export interface ExpectedView {
  path: string;
  heading: string | RegExp;
  /** Texts that must be on the screen (each the whole text of some element). */
  texts: string[];
  /** Texts that must not be on the screen. */
  absent: string[];
  /** Field messages the model holds (shown once the form was submitted). */
  fieldErrors: string[];
  /**
   * The page leaves the site (the account step's Sign in): for the tracker's sign-in at `path`,
   * whose one heading is `heading`, with `next` (the Find a team page, with the handed-over seat
   * when one was held). The site's page shows the rest of this view until the browser has gone.
   */
  leaves: { path: string; heading: string; next: RegExp } | null;
}

const ROLE_QUESTIONS: Record<string, string> = {
  work: 'Which best describes your role at work?',
  school: 'Which best describes you as a learner?',
  god: 'Which best describes where you are in your faith?',
  other: 'What would you like to be held accountable for?',
};

type Snapshot = ModelStep['state'];

/**
 * The held slot's offers, on the team step and in the header of the steps after it: extending
 * while it is ending (the offer stays, inert, while the extension is on its way), looking for
 * another team once it is released, taking it again once it has run out, and neither while it
 * simply counts down or nothing is held.
 */
function holdTexts(state: Snapshot): { texts: string[]; absent: string[] } {
  const hold = selectHold(state);
  if (hold.status === 'none')
    return { texts: [], absent: [MESSAGES.holdExtend, MESSAGES.holdRetry] };
  if (hold.released) {
    const why =
      hold.status === 'taken'
        ? MESSAGES.holdTaken
        : hold.status === 'retaking'
          ? MESSAGES.holdRetaking
          : MESSAGES.holdExpired;
    return {
      texts: [
        `${MESSAGES.holdReleasedHeading}. ${why}`,
        MESSAGES.holdRetry,
        ...(hold.status === 'expired' ? [MESSAGES.holdRetake] : []),
      ],
      absent: [MESSAGES.holdExtend],
    };
  }
  return hold.ending
    ? { texts: [MESSAGES.holdExtend], absent: [MESSAGES.holdRetry] }
    : { texts: [], absent: [MESSAGES.holdExtend, MESSAGES.holdRetry] };
}

export function expectedView(state: Snapshot): ExpectedView {
  const path = stateToRoute(state);
  const step =
    state.status === 'done' || currentScreen(state) === null ? null : currentScreen(state)?.step;
  const busy = state.status === 'active' && state.hasTag('busy');
  const category = state.context.category ?? 'other';
  const { form: _form, ...fields } = state.context.errors;
  const fieldErrors = Object.values(fields).filter((message) => message !== undefined);
  const view = (heading: string | RegExp, texts: string[] = [], absent: string[] = []) => ({
    path,
    heading,
    texts,
    absent,
    fieldErrors,
    leaves: null,
  });
  const held = holdTexts(state);
  /** The team step and the steps whose header carries the held slot (Screen.tsx). */
  const withHold = (heading: string | RegExp, texts: string[] = [], absent: string[] = []) =>
    view(heading, [...texts, ...held.texts], [...absent, ...held.absent]);
  /** A form that sends: "Submitting..." is shown exactly while it does. */
  const sending = busy
    ? { texts: ['Submitting...'], absent: [] }
    : { texts: [], absent: ['Submitting...'] };
  const final = state.status === 'done' ? JSON.stringify(state.value) : null;
  if (final === '"thankYou"') return view("You're All Set!");
  if (final === '"noThankYou"') return view('Thanks for the feedback');
  if (final === '"maybeSubmitted"') return view('Thank You for Booking Your Call!');
  if (final === '"signIn"') {
    const seat = state.context.team?.source === 'sample' ? null : MODEL_DATA.hold.id;
    return {
      ...view('Last step: create your account', [MESSAGES.accountSigningIn], ['Submitting...']),
      leaves: {
        path: '/sign-in',
        heading: 'Sign in',
        // The model's seat and token in jsdom; the real server's in Chromium.
        next:
          seat === null
            ? /^\/find-a-team$/
            : /^\/find-a-team\?seat=[0-9a-f-]{36}&key=[A-Za-z0-9_-]{20,100}$/,
      },
    };
  }
  if (final === '"home"') {
    return view('Reach your goals with a team that asks if you did that thing');
  }
  switch (step) {
    case 'category':
      return view("In which area would you like someone asking if you did 'that thing'?");
    case 'role':
      return view(
        ROLE_QUESTIONS[category] ?? '',
        busy ? ['Processing your selection...'] : [],
        busy ? [] : ['Processing your selection...'],
      );
    case 'team': {
      if (state.matches('matching'))
        return view('Finding your team', ['Finding the perfect team for you...']);
      const sample = selectSampleReason(state);
      const texts: string[] =
        sample === 'unreachable'
          ? [MESSAGES.sampleTeamUnreachable, MESSAGES.sampleTeamRetry]
          : sample === 'full'
            ? [MESSAGES.sampleTeamFull, MESSAGES.sampleTeamRetry]
            : [];
      // Only a real team of the prospect's own area is "in luck"; the sample team says what it is.
      return withHold(
        selectHold(state).released
          ? MESSAGES.holdReleasedHeading
          : sample === 'full'
            ? MESSAGES.areaFullHeading(areaTitle(state.context.category))
            : sample === 'unreachable'
              ? MESSAGES.sampleTeamHeading
              : /^You're in luck! Team ".+" has one slot left\.$/,
        texts,
      );
    }
    case 'intro':
      return withHold(/^Introduce yourself to Team .+$/);
    case 'goal':
      return withHold('Join Request Almost Sent');
    case 'commit':
      return withHold('Can your team count on you?', ['Yes, you can count on me']);
    case 'sync':
      return withHold('Twice-weekly check-ins');
    case 'account': {
      if (state.matches({ matched: { step: { account: 'handingOver' } } })) {
        return withHold(
          'Last step: create your account',
          [MESSAGES.accountSigningIn],
          ['Submitting...'],
        );
      }
      // Sign in is offered beside a refusal that says the address has an account.
      const signIn = state.context.accountExists
        ? { texts: [MESSAGES.accountSignIn], absent: [] }
        : { texts: [], absent: [MESSAGES.accountSignIn, MESSAGES.accountSigningIn] };
      return withHold(
        'Last step: create your account',
        [...sending.texts, ...signIn.texts],
        [...sending.absent, ...signIn.absent],
      );
    }
    case 'confirm':
      return view(
        selectSampleReason(state) === null
          ? /^Join Request Sent to Team .+!$/
          : 'Join Request Sent!',
        busy ? ['Submitting...'] : ['Complete Profile'],
      );
    case 'maybe':
      return withHold('Book Your More Info Call', sending.texts, sending.absent);
    case 'no':
      return withHold('Why are you not ready to join this team?', sending.texts, sending.absent);
    default:
      return view(/.*/);
  }
}
