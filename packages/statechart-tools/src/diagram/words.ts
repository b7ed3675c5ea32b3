import { HOLD_SECONDS, HOLD_WARNING_SECONDS } from '@app/contracts';

/**
 * The statechart in a designer's words: what each event, call outcome, delay and guard of the
 * machine means. The chart reads the machine's own names and looks them up here; a name without
 * an entry is shown as the machine spells it (and `words.test.ts` fails, so it gets one).
 */

export interface GuardWords {
  /** A few words, shown on the arrow in brackets. */
  name: string;
  /** One line, shown in the legend and when the arrow is selected. */
  description: string;
}

/** Every guard of the machine, by the name `setup({ guards })` gives it. */
export const GUARD_WORDS: Record<string, GuardWords> = {
  validRole: {
    name: 'answer given',
    description: "The role is one of the area's options, or Other's goal is not blank.",
  },
  validName: { name: 'name filled in', description: 'The name is not blank once trimmed.' },
  validGoal: { name: 'goal filled in', description: 'The goal is not blank once trimmed.' },
  validAccount: {
    name: 'email and password given',
    description: 'The email looks like an address and a password was typed.',
  },
  validBooking: {
    name: 'booking form valid',
    description: 'A name, a valid email address and a phone number of at least 7 characters.',
  },
  validFeedback: {
    name: 'feedback form valid',
    description: 'Name, email and feedback are all filled in.',
  },
  hasCandidate: {
    name: 'a team has a seat',
    description: 'Among the teams with an open seat, one is left to try (spec 4 selection rules).',
  },
  sampleShown: {
    name: 'example team shown',
    description:
      'The sample team is shown (the team list could not be read, or every team is full).',
  },
  hasHold: { name: 'seat held', description: 'The server holds a seat on the team shown.' },
  noHold: {
    name: 'seat given back',
    description: 'Nothing is held any more (No thanks, Go back, a new search).',
  },
  accountExists: {
    name: 'address has an account',
    description:
      'The sign-up was refused because the address already has an account (EMAIL_TAKEN).',
  },
  holdGone: {
    name: 'seat gone',
    description:
      'The server has no live seat to hand over: it ran out, or this browser no longer holds it.',
  },
  teamFull: {
    name: 'team full',
    description: 'The server refused the hold: someone took the last open seat (TEAM_FULL).',
  },
  isChoice: { name: 'answered', description: 'The team step button pressed was this one.' },
  isOtherChoice: {
    name: 'any other answer',
    description: 'An answer that is not Yes, Maybe or No: a thank-you toast, then home.',
  },
  holdExpired: {
    name: 'slot released',
    description: `The ${minutes(HOLD_SECONDS)} slot hold has run out.`,
  },
  holdEnding: {
    name: 'last minute of the hold',
    description: `At most ${seconds(HOLD_WARNING_SECONDS)} of the hold are left: more time is offered.`,
  },
  canRequest: {
    name: 'step reachable',
    description: 'The URL names a step the visitor may go to (a Go back pair or a step reached).',
  },
  requestsAreaStep: {
    name: 'a step of an area',
    description: 'The URL names any step of a known area: that area starts at its role step.',
  },
  requestsOtherCategory: {
    name: 'another area',
    description: 'The URL names the role step of a different area.',
  },
  photoRejected: {
    name: 'photo rejected',
    description: 'The chosen photo is not an image or is 5 MB or more: submission is blocked.',
  },
  teamChosen: {
    name: 'a team chosen',
    description:
      "The person chose a team with a held seat: the request waits for that team's answer.",
  },
};

/** Events a visitor (or the browser) sends, in words. */
export const EVENT_WORDS: Record<string, string> = {
  'category.choose': 'choose an area',
  'role.submit': 'submit role',
  'team.choose': 'answer',
  'team.retry': 'find a team again',
  'hold.extend': 'hold the slot longer',
  'hold.retake': 'take the seat again',
  'hold.resume': 'page reloaded',
  'intro.submit': 'submit name',
  'goal.submit': 'submit goal',
  'commit.accept': 'count on me',
  'sync.accept': 'accept check-ins',
  'account.submit': 'submit join request',
  'account.signIn': 'sign in instead',
  'profile.photoSelected': 'choose a photo',
  'profile.submit': 'complete profile',
  'profile.skip': 'skip for now',
  'booking.submit': 'book the call',
  'feedback.submit': 'send feedback',
  'nav.back': 'Go back',
  'nav.home': 'Return to Homepage',
  'nav.request': 'URL asks for a step',
  'nav.*': 'URL requests (ignored while busy)',
  'clock.tick': 'clock tick',
};

/** The outcome of each call the machine makes, in words. */
export const CALL_WORDS: Record<string, { done: string; error: string }> = {
  submitOnboarding: { done: 'answer saved', error: 'saving the answer fails' },
  fetchTeams: { done: 'teams arrive', error: 'teams call fails' },
  fetchFocusAreas: { done: 'areas arrive', error: 'areas call fails' },
  fetchRoleAreas: { done: 'roles arrive', error: 'roles call fails' },
  createHold: { done: 'seat held', error: 'hold refused or fails' },
  fetchTeam: { done: 'team details arrive', error: 'team details call fails' },
  extendHold: { done: 'hold extended', error: 'extension fails' },
  retakeHold: { done: 'seat held again', error: 'seat taken or call fails' },
  createUser: { done: 'account call answers', error: 'account call fails' },
  handOverHold: { done: 'seat handed to sign-in', error: 'hand-over refused or fails' },
  updateProfile: { done: 'profile saved', error: 'saving the profile fails' },
  fetchNextBookingDate: { done: 'next date arrives', error: 'next date call fails' },
  submitBooking: { done: 'call booked', error: 'booking fails' },
  submitFeedback: { done: 'feedback sent', error: 'sending feedback fails' },
};

function seconds(value: number): string {
  return `${value} s`;
}

function minutes(totalSeconds: number): string {
  return duration(totalSeconds * 1000);
}

/** A delay as a reader says it: `10 s`, `9 min`, `1 min 30 s`. */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  if (total < 60) return `${total} s`;
  const whole = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${whole} min` : `${whole} min ${rest} s`;
}

/**
 * The moment a clock-driven guard turns true, counted from the start of the hold: the chart says
 * "after 10 min" rather than "always [holdExpired]", as the clock ticks every second.
 */
export const CLOCK_GUARD_AFTER: Record<string, number> = {
  holdExpired: HOLD_SECONDS * 1000,
  holdEnding: (HOLD_SECONDS - HOLD_WARNING_SECONDS) * 1000,
};

/** Words for a guard name with its parameters (`isChoice(yes)` is "answered Yes"). */
export function guardWords(name: string, params: readonly string[]): string {
  const words = GUARD_WORDS[name]?.name ?? name;
  if (params.length === 0) return words;
  const shown = params.map((param) =>
    name === 'isChoice' ? param.charAt(0).toUpperCase() + param.slice(1) : param,
  );
  return `${words} ${shown.join(', ')}`;
}

/** Words for an event type; delays come with their duration in `delays` (ms by name). */
export function eventWords(eventType: string, delays: Readonly<Record<string, unknown>>): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after !== null) {
    const name = after[1] ?? '';
    const value = delays[name] ?? Number(name);
    return typeof value === 'number' && Number.isFinite(value)
      ? `after ${duration(value)}`
      : `after ${name}`;
  }
  const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (call !== null) {
    const [, kind = 'done', actor = ''] = call;
    const known = CALL_WORDS[actor];
    if (known !== undefined) return kind === 'done' ? known.done : known.error;
    return kind === 'done' ? `${actor} answers` : `${actor} fails`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'all loaded';
  if (eventType === '') return 'at once';
  return EVENT_WORDS[eventType] ?? eventType;
}
