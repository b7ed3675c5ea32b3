/**
 * How a person produces each event of the onboarding model, in terms any test level can carry
 * out (jsdom here, Chromium in e2e/): which control they use and what they type. The events the
 * UI must not offer are listed in `NOT_OFFERED` beside it, each with its reason and the check
 * that the control is indeed absent or disabled; only those may reach the machine any other way.
 */
import { MESSAGES, ROLE_OPTIONS } from '@app/contracts';
import {
  fillRoute,
  type OnboardingEvent,
  type PhotoFile,
  STEP_ROUTES,
  selectHold,
  stateToRoute,
} from '@app/onboarding';
import { MODEL_ACTORS, type ModelStep } from '@app/onboarding/testing';

/** The team step's yes answer (spec 2). */
export const YES_LABEL =
  "Yes, I'm ready to achieve my success even if it means being uncomfortable sometimes";

const NAME_LABEL = 'Your Name';
const GOAL_LABEL = 'Tell your team one sentence about your goals';

const CATEGORY_TITLES: Record<string, string> = {
  work: 'Work',
  school: 'School',
  god: 'God',
  other: 'Other',
};

/** A control on the screen, named as a person reads it. */
export type Control =
  /** A button, or a link, by its text (a string matches the whole trimmed text). */
  | { kind: 'button' | 'link'; name: string | RegExp }
  /** A radio option by its label. */
  | { kind: 'option'; label: string };

/** One thing a person does. */
export type PersonAction =
  | { kind: 'click'; control: Control & { kind: 'button' | 'link' } }
  | { kind: 'fill'; label: string; value: string }
  | { kind: 'choose'; label: string }
  | { kind: 'choosePhoto'; photo: PhotoFile }
  /** Asks the browser for a URL: the level uses back/forward or a typed URL. */
  | { kind: 'visit'; path: string }
  /** Reloads the page: the flow comes back from storage, as after a closed tab reopened. */
  | { kind: 'reload' };

export type ControlState = 'absent' | 'disabled' | 'enabled' | 'checked' | 'unchecked';

/** An event the UI must not offer: why, and what the screen shows instead. */
export interface NotOffered {
  id: string;
  reason: string;
  /** What a person does first (e.g. blank the field) before the check. */
  prepare: PersonAction[];
  /** Each control and the states it may be in; anything else fails the test. */
  expect: { control: Control; in: readonly ControlState[] }[];
}

export type Plan =
  | { kind: 'person'; actions: PersonAction[] }
  | { kind: 'notOffered'; rule: NotOffered };

const click = (name: string | RegExp): PersonAction => ({
  kind: 'click',
  control: { kind: 'button', name },
});
const fill = (label: string, value: string): PersonAction => ({ kind: 'fill', label, value });
const button = (name: string | RegExp): Control => ({ kind: 'button', name });
const link = (name: string | RegExp): Control => ({ kind: 'link', name });

/* ------------------------------------------------------------------ */
/* The allow-list                                                       */
/* ------------------------------------------------------------------ */

export const NOT_OFFERED = {
  teamOtherAnswer: (choice: string): NotOffered => ({
    id: 'team-other-answer',
    reason:
      'Spec 4 gives the team step a fourth branch (any other answer: thank-you toast, then /), but spec 2 gives the screen only Yes, Maybe and No thanks',
    prepare: [],
    expect: [{ control: button(choice), in: ['absent'] }],
  }),
  backWhileBusy: (): NotOffered => ({
    id: 'back-while-busy',
    reason:
      'While a call is in flight the screen offers no Go back (disabled, or none at all); the machine ignores it if it comes anyway',
    prepare: [],
    expect: [
      { control: button(/^Go back$/i), in: ['absent', 'disabled'] },
      { control: link(/^Go back$/i), in: ['absent', 'disabled'] },
    ],
  }),
  homeWhileBusy: (): NotOffered => ({
    id: 'home-while-busy',
    reason: 'Return to Homepage is disabled while the booking is being sent',
    prepare: [],
    expect: [{ control: button('Return to Homepage'), in: ['disabled'] }],
  }),
  roleUnchosen: (chosen: string): NotOffered => ({
    id: 'role-unchosen',
    reason:
      'A role option once chosen stays chosen when the role step is shown again: radio buttons cannot be cleared, so an empty answer cannot be sent',
    prepare: [],
    expect: [{ control: { kind: 'option', label: chosen }, in: ['checked'] }],
  }),
  holdResumeWhileBusy: (): NotOffered => ({
    id: 'hold-resume-while-busy',
    reason:
      'The app sends it after a reload restores the stored flow, and the stored flow is the last one with no call in flight: a reload during a call comes back before the call, not with it still running',
    prepare: [],
    expect: [{ control: button(MESSAGES.holdRetake), in: ['absent'] }],
  }),
  retryWithoutNotice: (): NotOffered => ({
    id: 'retry-without-notice',
    reason:
      'Look for another team is offered by the released-slot notice only; a team step shown again after No thanks or Go back gave the seat back has no notice, while the machine would take the request (the hold time it kept is over)',
    prepare: [],
    expect: [{ control: button(MESSAGES.holdRetry), in: ['absent'] }],
  }),
  nextWhileBlank: (label: string, value: string): NotOffered => ({
    id: 'next-while-blank',
    reason:
      'Spec 5: the name (and the goal) must be non-blank once trimmed for Next to be enabled; the machine keeps its guard for an event that comes anyway',
    prepare: [fill(label, value)],
    expect: [{ control: button('Next'), in: ['disabled'] }],
  }),
  roleNotListed: (value: string): NotOffered => ({
    id: 'role-not-listed',
    reason: "The role step lists only its own category's roles (spec 2)",
    prepare: [],
    expect: [{ control: { kind: 'option', label: value }, in: ['absent'] }],
  }),
} as const;

/** The hold's states whose notice offers Look for another team (components/HoldStatus.tsx). */
const RETRY_OFFERED: readonly string[] = ['expired', 'taken', 'retaking'];

/* ------------------------------------------------------------------ */
/* Plans                                                                */
/* ------------------------------------------------------------------ */

/** The URL a `nav.request` names. */
export function requestPath(event: Extract<OnboardingEvent, { type: 'nav.request' }>): string {
  return fillRoute(STEP_ROUTES[event.step], event.category);
}

/** How a person produces the step's event, or the allow-list entry saying the UI must not. */
export function planFor(step: Pick<ModelStep, 'event' | 'from'>): Plan {
  const { event, from } = step;
  const person = (...actions: PersonAction[]): Plan => ({ kind: 'person', actions });
  const refused = (rule: NotOffered): Plan => ({ kind: 'notOffered', rule });
  const busy = from.hasTag('busy');
  if (!isUserEvent(event)) throw new Error(`${event.type} is not a person's event`);
  switch (event.type) {
    case 'category.choose':
      return person(click(new RegExp(`^${CATEGORY_TITLES[event.category] ?? event.category}`)));
    case 'role.submit': {
      const category = from.context.category ?? 'other';
      const options: readonly string[] = ROLE_OPTIONS[category];
      if (options.length === 0) return person(fill('Your goal', event.value), click('Continue'));
      const chosen = from.context.focusArea ?? '';
      if (event.value === '') {
        return chosen === ''
          ? person(click('Continue'))
          : refused(NOT_OFFERED.roleUnchosen(chosen));
      }
      if (!options.includes(event.value)) return refused(NOT_OFFERED.roleNotListed(event.value));
      return person({ kind: 'choose', label: event.value }, click('Continue'));
    }
    case 'team.choose': {
      const labels: Partial<Record<string, string>> = {
        yes: YES_LABEL,
        maybe: 'Maybe',
        no: 'No thanks',
      };
      const label = labels[event.choice];
      return label === undefined
        ? refused(NOT_OFFERED.teamOtherAnswer(event.choice))
        : person(click(label));
    }
    case 'team.retry':
      if (from.context.team?.source === 'sample') return person(click(MESSAGES.sampleTeamRetry));
      return RETRY_OFFERED.includes(selectHold(from).status)
        ? person(click(MESSAGES.holdRetry))
        : refused(NOT_OFFERED.retryWithoutNotice());
    case 'hold.extend':
      return person(click(MESSAGES.holdExtend));
    case 'hold.retake':
      return person(click(MESSAGES.holdRetake));
    case 'hold.resume':
      // No control sends it: the app does, once a reload has restored the flow.
      return callsInFlight(from).length === 0
        ? person({ kind: 'reload' })
        : refused(NOT_OFFERED.holdResumeWhileBusy());
    case 'intro.submit':
      return event.name.trim() === ''
        ? refused(NOT_OFFERED.nextWhileBlank(NAME_LABEL, event.name))
        : person(fill(NAME_LABEL, event.name), click('Next'));
    case 'goal.submit':
      return event.goal.trim() === ''
        ? refused(NOT_OFFERED.nextWhileBlank(GOAL_LABEL, event.goal))
        : person(fill(GOAL_LABEL, event.goal), click('Next'));
    case 'commit.accept':
      return person(click('Yes, you can count on me'));
    case 'sync.accept':
      return person(click("Yes, I'll join the check-ins"));
    case 'account.submit':
      return person(
        fill('Email', event.email),
        fill('Password', event.password),
        click(/^Submit join request to Team /),
      );
    case 'account.signIn':
      return person(click(MESSAGES.accountSignIn));
    case 'profile.photoSelected':
      return event.photo === null ? person() : person({ kind: 'choosePhoto', photo: event.photo });
    case 'profile.submit':
      return person(fill('About me', event.aboutMe), click('Complete Profile'));
    case 'profile.skip':
      return person(click('Skip for now'));
    case 'booking.submit':
      return person(
        fill('Name', event.name),
        fill('Email', event.email),
        fill('Phone', event.phone),
        click('Book This Time'),
      );
    case 'feedback.submit':
      return person(
        fill('Name', event.name),
        fill('Email', event.email),
        fill('Feedback', event.feedback),
        click('Submit'),
      );
    case 'nav.back':
      if (busy) return refused(NOT_OFFERED.backWhileBusy());
      // Spec 2: the role step's Go back is a link to /; the other steps' are buttons.
      return stateToRoute(from).endsWith('/role')
        ? person({ kind: 'click', control: { kind: 'link', name: /^Go back$/i } })
        : person(click(/^Go back$/i));
    case 'nav.home':
      return busy ? refused(NOT_OFFERED.homeWhileBusy()) : person(click('Return to Homepage'));
    case 'nav.request':
      return person({ kind: 'visit', path: requestPath(event) });
    case 'clock.tick':
      throw new Error('clock.tick is time passing, not a person');
  }
}

/** The model's calls running in `snapshot`. */
export function callsInFlight(snapshot: ModelStep['from']): string[] {
  if (snapshot.status !== 'active') return [];
  const children: Record<string, unknown> = snapshot.children;
  return MODEL_ACTORS.filter((actor) => children[actor] !== undefined);
}

/** The model's events a person (or the browser's URL) produces; the rest are calls and time. */
export function isUserEvent(event: ModelStep['event']): event is OnboardingEvent {
  return !event.type.startsWith('xstate.') && event.type !== 'clock.tick';
}

/**
 * What is wrong with the screen for an event the UI must not offer, each control read through the
 * level's own `stateOf`: null when every control of the rule is in a state it allows.
 */
export async function notOfferedProblem(
  rule: NotOffered,
  eventType: string,
  stateOf: (control: Control) => ControlState | Promise<ControlState>,
): Promise<string | null> {
  for (const { control, in: allowed } of rule.expect) {
    const state = await stateOf(control);
    if (!allowed.includes(state)) {
      return `${eventType} must not be offered (${rule.id}: ${rule.reason}), but ${describeControl(control)} is ${state}, expected ${allowed.join(' or ')}`;
    }
  }
  return null;
}

/** A plan's steps written out for a failure message or a report. */
export function describeControl(control: Control): string {
  const name = control.kind === 'option' ? control.label : control.name;
  return `${control.kind} ${typeof name === 'string' ? `"${name}"` : String(name)}`;
}
