/**
 * The onboarding model's world and its events: fixed API answers, every event the model may send (user
 * events with valid and invalid payloads, each call's success and failure, delays, clock jumps)
 * and which of them can happen in a snapshot. No Node API: the statechart studio's simulator
 * offers these same events as its buttons.
 */
import {
  ERROR_CODES,
  HOLD_SECONDS,
  HOLD_WARNING_SECONDS,
  type Hold,
  type TeamView,
  UPLOADS_PATH,
} from '@app/contracts';
import {
  type ActorDoneEvent,
  type ActorErrorEvent,
  actorDone,
  actorError,
  type DelayEvent,
  delayEvents,
} from '@app/statechart-tools/testing/events';
import { onboardingMachine } from '../machine.ts';
import type { OnboardingSnapshot } from '../selectors.ts';
import type { OnboardingEvent, OnboardingInput } from '../types.ts';

/* ------------------------------------------------------------------ */
/* The model's world: a fixed start time and fixed API answers          */
/* ------------------------------------------------------------------ */

/** Model time starts here (10 March 2026, 17:00 UTC). */
export const MODEL_START = Date.UTC(2026, 2, 10, 17, 0, 0);
export const MODEL_INPUT: OnboardingInput = { now: MODEL_START };
export const MODEL_CATEGORY = 'work';

const member = (id: number, name: string) => ({
  id: String(id),
  name,
  photo: `${UPLOADS_PATH}/seed/${name.toLowerCase().split(' ')[0]}.webp`,
  aboutMe: `${name} works in operations.`,
  goalSummary: `${name.split(' ')[0]} wants to ship one thing a week.`,
});

const team = (
  id: number,
  name: string,
  focusRoleId: number,
  members: ReturnType<typeof member>[],
  openSeats: number | null,
): TeamView => ({
  id: String(id),
  name,
  focusAreaId: '1',
  focusRoleId: String(focusRoleId),
  members,
  openSeats,
});

const hold = (id: string, teamId: number): Hold => ({
  id,
  teamId,
  expiresAt: new Date(MODEL_START + HOLD_SECONDS * 1000).toISOString(),
  secondsLeft: HOLD_SECONDS,
});

/** A failed call as the api-client reports it: the message to show and the server's code. */
const failure = (kind: 'http' | 'network', message: string, status?: number, code?: string) => ({
  kind,
  message,
  ...(status === undefined ? {} : { status }),
  ...(code === undefined ? {} : { code }),
});

const deepWork = team(
  2,
  'Deep Work Crew',
  12,
  [member(3, 'Lena Vogel'), member(4, 'Marcus Reed')],
  1,
);

/** Answers the model's actors give (their done events carry these as `output`). */
export const MODEL_DATA = {
  teams: {
    teams: [
      team(1, 'Early Risers', 7, [member(1, 'Priya Nair'), member(2, 'Tom Becker')], 2),
      deepWork,
      team(3, 'Full House', 12, [member(6, 'Ines Duarte')], 0),
    ],
  },
  focusAreas: {
    focusAreas: [
      {
        id: 1,
        name: 'work',
        description: 'Work goals',
        focusRoles: [{ id: 12, name: 'Employee' }],
      },
    ],
  },
  roleAreas: { roleAreas: [{ id: 12, name: 'Employee', description: null }] },
  team: deepWork,
  teamWithoutMembers: { ...deepWork, members: [] },
  hold: hold('6f1d2c3b-4a59-4c55-9a5a-0b0f5f1e8f43', 2),
  userWithWarning: { user: { id: 41 }, joinRequestWarning: 'The team could not take requests.' },
  userWithJoinRequest: { user: { id: 41 }, joinRequestSuccess: true },
  userOnly: { user: { id: 41 } },
  bookingDate: '2026-03-13T19:00:00.000Z',
  httpError: failure('http', 'That email address is already registered.', 409, 'EMAIL_TAKEN'),
  teamFull: failure('http', 'Team "Deep Work Crew" has no open seat.', 409, ERROR_CODES.TEAM_FULL),
  networkError: failure('network', 'Network error. Please try again later.'),
  handedOver: {
    holdId: '6f1d2c3b-4a59-4c55-9a5a-0b0f5f1e8f43',
    token: 'k3Jd9sQ2vX7mP4nR8tW1yZ5bC6fH0gLa',
  },
  holdGone: failure(
    'http',
    'This seat is no longer held. Choose a team again.',
    410,
    'HOLD_EXPIRED',
  ),
} as const satisfies Record<string, unknown>;

/* ------------------------------------------------------------------ */
/* Events                                                               */
/* ------------------------------------------------------------------ */

/** The actors whose calls the model settles with done / error events. */
export const MODEL_ACTORS = [
  'submitOnboarding',
  'fetchTeams',
  'fetchFocusAreas',
  'fetchRoleAreas',
  'createHold',
  'fetchTeam',
  'extendHold',
  'retakeHold',
  'createUser',
  'handOverHold',
  'updateProfile',
  'fetchNextBookingDate',
  'submitBooking',
  'submitFeedback',
] as const;
export type ModelActor = (typeof MODEL_ACTORS)[number];

export type ModelEvent =
  | OnboardingEvent
  | ActorDoneEvent<ModelActor>
  | ActorErrorEvent<ModelActor>
  | DelayEvent;

const done = (actor: ModelActor, output: unknown) => actorDone(actor, output);
const failed = (actor: ModelActor, error: unknown) => actorError(actor, error);

/** The delayed events of the machine, read from its definition (`xstate.after.<delay>.<id>`). */
export const DELAY_EVENTS: DelayEvent[] = delayEvents(onboardingMachine);

const category = MODEL_CATEGORY;
const tooBigPhoto = { size: 6 * 1024 * 1024, type: 'image/jpeg', name: 'holiday.jpg' };
const smallPhoto = { size: 300 * 1024, type: 'image/png', name: 'me.png' };

/** Every event the model may send, whatever the state (the machine ignores those it does not take). */
export const MODEL_EVENTS: readonly ModelEvent[] = [
  { type: 'category.choose', category },
  { type: 'role.submit', value: 'Employee' },
  { type: 'role.submit', value: '' },
  done('submitOnboarding', { message: 'Saved' }),
  failed('submitOnboarding', MODEL_DATA.httpError),
  done('fetchTeams', MODEL_DATA.teams),
  failed('fetchTeams', MODEL_DATA.networkError),
  done('fetchFocusAreas', MODEL_DATA.focusAreas),
  failed('fetchFocusAreas', MODEL_DATA.networkError),
  done('fetchRoleAreas', MODEL_DATA.roleAreas),
  failed('fetchRoleAreas', MODEL_DATA.networkError),
  done('createHold', MODEL_DATA.hold),
  failed('createHold', MODEL_DATA.teamFull),
  failed('createHold', MODEL_DATA.networkError),
  done('fetchTeam', MODEL_DATA.team),
  done('fetchTeam', MODEL_DATA.teamWithoutMembers),
  failed('fetchTeam', MODEL_DATA.networkError),
  done('extendHold', MODEL_DATA.hold),
  failed('extendHold', MODEL_DATA.networkError),
  done('retakeHold', MODEL_DATA.hold),
  failed('retakeHold', MODEL_DATA.teamFull),
  failed('retakeHold', MODEL_DATA.networkError),
  ...DELAY_EVENTS,
  { type: 'team.choose', choice: 'yes' },
  { type: 'team.choose', choice: 'maybe' },
  { type: 'team.choose', choice: 'no' },
  { type: 'team.choose', choice: 'later' },
  { type: 'team.retry' },
  { type: 'hold.extend' },
  { type: 'hold.retake' },
  { type: 'hold.resume' },
  { type: 'intro.submit', name: 'Ada Lovelace' },
  { type: 'intro.submit', name: '   ' },
  { type: 'goal.submit', goal: 'Finish the analytical engine notes' },
  { type: 'goal.submit', goal: '' },
  { type: 'commit.accept' },
  { type: 'sync.accept' },
  { type: 'account.submit', email: 'ada@example.com', password: 'engine-1843' },
  { type: 'account.submit', email: 'ada', password: '' },
  done('createUser', MODEL_DATA.userWithWarning),
  done('createUser', MODEL_DATA.userWithJoinRequest),
  done('createUser', MODEL_DATA.userOnly),
  failed('createUser', MODEL_DATA.httpError),
  { type: 'account.signIn' },
  done('handOverHold', MODEL_DATA.handedOver),
  failed('handOverHold', MODEL_DATA.holdGone),
  failed('handOverHold', MODEL_DATA.networkError),
  { type: 'profile.photoSelected', photo: tooBigPhoto },
  { type: 'profile.photoSelected', photo: smallPhoto },
  { type: 'profile.submit', aboutMe: 'I like long walks.', photo: null },
  { type: 'profile.skip' },
  done('updateProfile', { message: 'Profile updated' }),
  failed('updateProfile', MODEL_DATA.httpError),
  done('fetchNextBookingDate', MODEL_DATA.bookingDate),
  failed('fetchNextBookingDate', MODEL_DATA.networkError),
  { type: 'booking.submit', name: 'Ada Lovelace', email: 'ada@example.com', phone: '555 0100 22' },
  { type: 'booking.submit', name: '', email: 'ada', phone: '1' },
  done('submitBooking', { message: 'Booked', id: 7 }),
  failed('submitBooking', MODEL_DATA.networkError),
  { type: 'feedback.submit', name: 'Ada Lovelace', email: 'ada@example.com', feedback: 'Not now.' },
  { type: 'feedback.submit', name: '', email: '', feedback: '' },
  done('submitFeedback', { message: 'Thanks', id: 3 }),
  failed('submitFeedback', MODEL_DATA.httpError),
  { type: 'nav.back' },
  { type: 'nav.home' },
  { type: 'nav.request', step: 'category', category: null },
  { type: 'nav.request', step: 'role', category: 'school' },
  ...(['role', 'team', 'intro', 'goal', 'commit', 'sync', 'account', 'maybe', 'no'] as const).map(
    (step): ModelEvent => ({ type: 'nav.request', step, category }),
  ),
];

/**
 * Clock ticks worth taking from a snapshot: to the moment the hold starts ending, and to its
 * expiry. Ticks in between change nothing but the countdown, which the unit tests cover.
 */
export function clockEvents(snapshot: OnboardingSnapshot): ModelEvent[] {
  const { holdExpiresAt, now } = snapshot.context;
  if (!snapshot.matches('matched') || holdExpiresAt === null || now >= holdExpiresAt) return [];
  const ending = holdExpiresAt - HOLD_WARNING_SECONDS * 1000;
  const ticks: ModelEvent[] = [{ type: 'clock.tick', now: holdExpiresAt }];
  if (now < ending) ticks.unshift({ type: 'clock.tick', now: ending });
  return ticks;
}

const INTERNAL_PREFIX = /^xstate\.(done|error)\.actor\.([^.]+)$/;

/** Whether an event can happen in a snapshot: an actor's answer only while that actor runs. */
function possible(snapshot: OnboardingSnapshot, event: ModelEvent): boolean {
  const internal = INTERNAL_PREFIX.exec(event.type);
  if (internal !== null) {
    const children: Record<string, unknown> = snapshot.children;
    return children[internal[2] ?? ''] !== undefined;
  }
  if (event.type.startsWith('xstate.after.')) return snapshot.matches('matching');
  return true;
}

export function modelEvents(snapshot: OnboardingSnapshot): ModelEvent[] {
  if (snapshot.status !== 'active') return [];
  return [...MODEL_EVENTS.filter((event) => possible(snapshot, event)), ...clockEvents(snapshot)];
}

/**
 * A model state: the state value and the context that can still change what happens next, with
 * the clock expressed relative to the hold's expiry, so that one situation reached along
 * different paths or at different times is one state.
 */
export function serializeModelState(snapshot: OnboardingSnapshot): string {
  if (snapshot.status !== 'active') return JSON.stringify({ value: snapshot.value, done: true });
  const {
    now,
    holdExpiresAt,
    bookingDate,
    bookingDateIsFallback,
    team,
    candidates,
    lists,
    ...rest
  } = snapshot.context;
  const matching = snapshot.matches('matching');
  return JSON.stringify({
    value: snapshot.value,
    context: {
      ...rest,
      holdLeft: holdExpiresAt === null ? null : holdExpiresAt - now,
      // The sample team and a real one are different screens (Try again, the hold).
      team: team === null ? null : team.source,
      matching: matching ? { candidates, lists } : null,
      booking: snapshot.matches({ matched: { step: 'maybe' } })
        ? { date: bookingDate !== null, bookingDateIsFallback }
        : null,
    },
  });
}
