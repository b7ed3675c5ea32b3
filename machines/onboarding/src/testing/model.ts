/**
 * Model-based testing of the onboarding machine with `xstate/graph`'s `TestModel`, on the real
 * machine definition. The same paths drive the machine alone (this package) and the React app
 * (apps/web) through a driver: see `runModelPath`.
 */
import { HOLD_WARNING_SECONDS } from '@app/contracts';
import type { ActorLogic, EventObject } from 'xstate';
import { type AdjacencyValue, getStateNodes, TestModel } from 'xstate/graph';
import { type OnboardingEvent, type OnboardingInput, onboardingMachine } from '../machine.ts';
import type { OnboardingSnapshot } from '../selectors.ts';
import { allTransitionIds, transitionsTaken } from './coverage.ts';
import { transitionId } from './transition-id.ts';

/* ------------------------------------------------------------------ */
/* The model's world: a fixed start time and fixed API answers          */
/* ------------------------------------------------------------------ */

/** Model time starts here (10 March 2026, 17:00 UTC). */
export const MODEL_START = Date.UTC(2026, 2, 10, 17, 0, 0);
export const MODEL_INPUT: OnboardingInput = { now: MODEL_START };
export const MODEL_CATEGORY = 'work';

const member = (id: number, name: string, status = 'Active') => ({
  id: id * 10,
  status,
  user: {
    id,
    name,
    image: `seed/${name.toLowerCase().split(' ')[0]}.webp`,
    about: `${name} works in operations.`,
    goalSummary: `${name.split(' ')[0]} wants to ship one thing a week.`,
    status: 'Active',
  },
});

/** Answers the model's actors give (their done events carry these as `output`). */
export const MODEL_DATA = {
  teams: [
    {
      id: 1,
      name: 'Early Risers',
      focusAreaId: 1,
      focusRoleId: 7,
      members: [member(1, 'Priya Nair'), member(2, 'Tom Becker')],
    },
    {
      id: 2,
      name: 'Deep Work Crew',
      focusAreaId: 1,
      focusRoleId: 12,
      members: [
        member(3, 'Lena Vogel'),
        member(4, 'Marcus Reed'),
        member(5, 'Ana Silva', 'Pending'),
      ],
    },
  ],
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
  team: {
    id: 2,
    name: 'Deep Work Crew',
    focusAreaId: 1,
    focusRoleId: 12,
    members: [member(3, 'Lena Vogel'), member(4, 'Marcus Reed'), member(5, 'Ana Silva', 'Pending')],
  },
  teamWithoutMembers: {
    id: 2,
    name: 'Deep Work Crew',
    focusAreaId: 1,
    focusRoleId: 12,
    members: [],
  },
  userWithWarning: { user: { id: 41 }, joinRequestWarning: 'The team could not take requests.' },
  userWithJoinRequest: { user: { id: 41 }, joinRequestSuccess: true },
  userOnly: { user: { id: 41 } },
  unreadableUser: 'Internal Server Error',
  bookingDate: { date: '2026-03-13T19:00:00.000Z' },
  unreadableBookingDate: { date: 'soon' },
  httpError: { kind: 'http', status: 409, message: 'That email address is already registered.' },
  networkError: { kind: 'network', message: 'Network error. Please try again later.' },
} as const;

/* ------------------------------------------------------------------ */
/* Events                                                               */
/* ------------------------------------------------------------------ */

/** The actors whose calls the model settles with done / error events. */
export const MODEL_ACTORS = [
  'submitOnboarding',
  'fetchTeams',
  'fetchFocusAreas',
  'fetchRoleAreas',
  'fetchTeam',
  'createUser',
  'updateProfile',
  'fetchNextBookingDate',
  'submitBooking',
  'submitFeedback',
] as const;
export type ModelActor = (typeof MODEL_ACTORS)[number];

export type ActorDoneEvent = { type: `xstate.done.actor.${ModelActor}`; output: unknown };
export type ActorErrorEvent = { type: `xstate.error.actor.${ModelActor}`; error: unknown };
export type DelayEvent = { type: `xstate.after.${string}` };
export type ModelEvent = OnboardingEvent | ActorDoneEvent | ActorErrorEvent | DelayEvent;

const done = (actor: ModelActor, output: unknown): ActorDoneEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
});
const failed = (actor: ModelActor, error: unknown): ActorErrorEvent => ({
  type: `xstate.error.actor.${actor}`,
  error,
});

/** The delayed events of the machine, read from its definition (`xstate.after.<delay>.<id>`). */
export const DELAY_EVENTS: DelayEvent[] = getStateNodes(onboardingMachine.root).flatMap((node) =>
  [...node.transitions.keys()]
    .filter((type) => type.startsWith('xstate.after.'))
    .map((type) => ({ type: `xstate.after.${type.slice('xstate.after.'.length)}` }) as const),
);

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
  done('fetchTeam', MODEL_DATA.team),
  done('fetchTeam', MODEL_DATA.teamWithoutMembers),
  failed('fetchTeam', MODEL_DATA.networkError),
  ...DELAY_EVENTS,
  { type: 'team.choose', choice: 'yes' },
  { type: 'team.choose', choice: 'maybe' },
  { type: 'team.choose', choice: 'no' },
  { type: 'team.choose', choice: 'later' },
  { type: 'team.retry' },
  { type: 'hold.extend' },
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
  done('createUser', MODEL_DATA.unreadableUser),
  failed('createUser', MODEL_DATA.httpError),
  { type: 'profile.photoSelected', photo: tooBigPhoto },
  { type: 'profile.photoSelected', photo: smallPhoto },
  { type: 'profile.submit', aboutMe: 'I like long walks.', photo: null },
  { type: 'profile.skip' },
  done('updateProfile', { message: 'Profile updated' }),
  failed('updateProfile', MODEL_DATA.httpError),
  done('fetchNextBookingDate', MODEL_DATA.bookingDate),
  done('fetchNextBookingDate', MODEL_DATA.unreadableBookingDate),
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
  if (holdExpiresAt === null || now >= holdExpiresAt) return [];
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
    teamChoice,
    lists,
    ...rest
  } = snapshot.context;
  const matching = snapshot.matches('matching');
  return JSON.stringify({
    value: snapshot.value,
    context: {
      ...rest,
      holdLeft: holdExpiresAt === null ? null : holdExpiresAt - now,
      team: team !== null,
      matching: matching ? { teamChoice, lists } : null,
      booking: snapshot.matches({ matched: { step: 'maybe' } })
        ? { date: bookingDate !== null, bookingDateIsFallback }
        : null,
    },
  });
}

/* ------------------------------------------------------------------ */
/* The model                                                            */
/* ------------------------------------------------------------------ */

/**
 * The machine's internal events (actor done/error, delays) travel through `transition` like its own
 * events; this only widens the declared event type for the graph tools.
 */
function isMachineEvent(event: EventObject): event is OnboardingEvent {
  return typeof event.type === 'string';
}

function toMachineEvent(event: EventObject): OnboardingEvent {
  if (!isMachineEvent(event)) throw new Error(`Not an event: ${JSON.stringify(event)}`);
  return event;
}

/** The real machine, seen as logic taking the model's events. */
export const modelLogic: ActorLogic<OnboardingSnapshot, ModelEvent, OnboardingInput> = {
  config: onboardingMachine.config,
  transition: (snapshot, event, scope) =>
    onboardingMachine.transition(snapshot, toMachineEvent(event), scope),
  getInitialSnapshot: (scope, input) => onboardingMachine.getInitialSnapshot(scope, input),
  getPersistedSnapshot: (snapshot) => onboardingMachine.getPersistedSnapshot(snapshot),
};

export function createOnboardingTestModel() {
  return new TestModel<OnboardingSnapshot, ModelEvent, OnboardingInput>(modelLogic, {
    events: modelEvents,
    serializeState: serializeModelState,
    input: MODEL_INPUT,
  });
}

/* ------------------------------------------------------------------ */
/* Paths covering every transition                                       */
/* ------------------------------------------------------------------ */

export interface ModelStep {
  event: ModelEvent;
  /** The model's state before the event. */
  from: OnboardingSnapshot;
  /** The model's state after it. */
  state: OnboardingSnapshot;
}

export interface ModelPath {
  description: string;
  steps: ModelStep[];
}

/** Former names of `transitionId`, `allTransitionIds`. */
export const transitionName = transitionId;
export const allTransitionNames = allTransitionIds;

export function describeEvent(event: ModelEvent): string {
  const { type, ...rest } = event;
  const detail = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${detail}`;
}

function transitionsOf(
  entry: AdjacencyValue<OnboardingSnapshot, ModelEvent>,
): { event: ModelEvent; state: OnboardingSnapshot }[] {
  return Object.values(entry.transitions);
}

/**
 * Paths from the initial state that, together, take every transition of the machine: the shortest
 * path to each (state, event) pair whose outcome is new, where an outcome is the state value it
 * starts from, the transitions the event enables, and the state value it leads to (which tells
 * the `always` transitions apart). Paths are ordered shortest first.
 */
export function getCoveringPaths(model = createOnboardingTestModel()): ModelPath[] {
  const adjacency = new Map(Object.entries(model.getAdjacencyMap()));
  const rootKey = adjacency.keys().next().value;
  if (rootKey === undefined) return [];

  // Breadth-first shortest paths over the adjacency map.
  const pathTo = new Map<string, ModelStep[]>([[rootKey, []]]);
  const queue = [rootKey];
  const order: string[] = [];
  while (queue.length > 0) {
    const key = queue.shift();
    if (key === undefined) break;
    order.push(key);
    const entry = adjacency.get(key);
    const steps = pathTo.get(key);
    if (entry === undefined || steps === undefined) continue;
    for (const { event, state } of transitionsOf(entry)) {
      const next = serializeModelState(state);
      if (pathTo.has(next)) continue;
      pathTo.set(next, [...steps, { event, from: entry.state, state }]);
      queue.push(next);
    }
  }

  const outcomes = new Set<string>();
  const paths: ModelPath[] = [];
  for (const key of order) {
    const entry = adjacency.get(key);
    const steps = pathTo.get(key);
    if (entry === undefined || steps === undefined) continue;
    for (const { event, state } of transitionsOf(entry)) {
      const taken = onboardingMachine
        .getTransitionData(entry.state, toMachineEvent(event))
        .map(transitionName)
        .sort();
      if (taken.length === 0) continue;
      const outcome = `${JSON.stringify(entry.state.value)}: ${taken.join('|')} => ${JSON.stringify(state.value)}`;
      if (outcomes.has(outcome)) continue;
      outcomes.add(outcome);
      const all = [...steps, { event, from: entry.state, state }];
      paths.push({
        description: all.map((step) => describeEvent(step.event)).join(' -> '),
        steps: all,
      });
    }
  }
  return paths.sort((a, b) => a.steps.length - b.steps.length);
}

/* ------------------------------------------------------------------ */
/* Running a path against a system under test                           */
/* ------------------------------------------------------------------ */

/** What a system under test must do for each kind of model event. */
export interface ModelDriver {
  /** A user or router event: click, type, navigate, or send it. */
  send(event: OnboardingEvent): Promise<void> | void;
  /** Settle the pending call of `actor` successfully with `output`. */
  resolve(actor: ModelActor, output: unknown): Promise<void> | void;
  /** Fail the pending call of `actor` with `error`. */
  reject(actor: ModelActor, error: unknown): Promise<void> | void;
  /** Let simulated time pass, the clock ticking each second. */
  advance(ms: number): Promise<void> | void;
  /**
   * Let time jump forward by `ms` without ticks in between (a sleeping laptop, a throttled tab),
   * then let the clock tick once.
   */
  jump(ms: number): Promise<void> | void;
  /** Check that the system shows the model's state. */
  check(expected: OnboardingSnapshot, step: ModelStep): Promise<void> | void;
}

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';

function actorOf(type: string, prefix: string): ModelActor | null {
  const name = type.slice(prefix.length);
  return (MODEL_ACTORS as readonly string[]).includes(name)
    ? (MODEL_ACTORS.find((actor) => actor === name) ?? null)
    : null;
}

/** The simulated time a delayed event stands for, read from the machine's `delays`. */
export function delayMs(event: DelayEvent): number {
  const name = event.type.slice('xstate.after.'.length).split('.')[0] ?? '';
  const delays: Record<string, unknown> = onboardingMachine.implementations.delays;
  const delay = delays[name];
  if (typeof delay === 'number') return delay;
  const literal = Number(name);
  if (Number.isFinite(literal)) return literal;
  throw new Error(`Unknown delay ${name}`);
}

export async function runModelPath(path: ModelPath, driver: ModelDriver): Promise<void> {
  for (const step of path.steps) {
    const { event } = step;
    if (event.type.startsWith(DONE_PREFIX) && 'output' in event) {
      const actor = actorOf(event.type, DONE_PREFIX);
      if (actor === null) throw new Error(`Unknown actor in ${event.type}`);
      await driver.resolve(actor, event.output);
    } else if (event.type.startsWith(ERROR_PREFIX) && 'error' in event) {
      const actor = actorOf(event.type, ERROR_PREFIX);
      if (actor === null) throw new Error(`Unknown actor in ${event.type}`);
      await driver.reject(actor, event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      await driver.advance(delayMs({ type: `xstate.after.${event.type.slice(13)}` }));
    } else if (event.type === 'clock.tick' && 'now' in event) {
      const elapsed = event.now - step.from.context.now;
      // Straight from counting to expired means no tick came while the hold was ending.
      const skipsEnding =
        step.from.matches({ matched: { hold: 'counting' } }) &&
        step.state.matches({ matched: { hold: 'expired' } });
      await (skipsEnding ? driver.jump(elapsed) : driver.advance(elapsed));
    } else if (isMachineEvent(event)) {
      await driver.send(event);
    }
    await driver.check(step.state, step);
  }
}

/* ------------------------------------------------------------------ */
/* Transitions of steps, transition pairs, paths from saved events      */
/* ------------------------------------------------------------------ */

/** The machine's transitions (eventless ones included) that a path step takes. */
export function stepTransitions(step: Pick<ModelStep, 'from' | 'event'>): string[] {
  return transitionsTaken(step.from, step.event);
}

/**
 * Transition-pair (2-switch) coverage: of every pair (a, b) where the machine can take b in the
 * step right after a step that took a, how many the paths take in a row.
 */
export function twoSwitchCoverage(
  paths: readonly ModelPath[],
  model = createOnboardingTestModel(),
): { covered: number; total: number } {
  const adjacency = model.getAdjacencyMap();
  const incoming = new Map<string, Set<string>>();
  const outgoing = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, ids: readonly string[]) => {
    const set = map.get(key) ?? new Set<string>();
    for (const id of ids) set.add(id);
    map.set(key, set);
  };
  for (const [key, entry] of Object.entries(adjacency)) {
    for (const { event, state } of transitionsOf(entry)) {
      if (onboardingMachine.getTransitionData(entry.state, toMachineEvent(event)).length === 0) {
        continue;
      }
      const ids = transitionsTaken(entry.state, event);
      add(outgoing, key, ids);
      add(incoming, serializeModelState(state), ids);
    }
  }
  const possible = new Set<string>();
  for (const [key, into] of incoming) {
    for (const a of into) for (const b of outgoing.get(key) ?? []) possible.add(`${a} => ${b}`);
  }
  const covered = new Set<string>();
  for (const path of paths) {
    let previous: string[] = [];
    for (const step of path.steps) {
      const ids = stepTransitions(step);
      if (ids.length === 0) continue;
      for (const a of previous) for (const b of ids) covered.add(`${a} => ${b}`);
      previous = ids;
    }
  }
  return {
    covered: [...covered].filter((pair) => possible.has(pair)).length,
    total: possible.size,
  };
}

/** A model event as saved in a replay file: its type and payload (actor answers included). */
export function sameEvent(a: ModelEvent, b: ModelEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The model path a saved list of events stands for, from the model's initial state. Throws when
 * an event is not one the model can take there.
 */
export function pathFromEvents(
  events: readonly ModelEvent[],
  model = createOnboardingTestModel(),
): ModelPath {
  const adjacency = new Map(Object.entries(model.getAdjacencyMap()));
  let key = adjacency.keys().next().value;
  const steps: ModelStep[] = [];
  for (const [index, event] of events.entries()) {
    const entry = key === undefined ? undefined : adjacency.get(key);
    const next =
      entry === undefined ? undefined : transitionsOf(entry).find((t) => sameEvent(t.event, event));
    if (entry === undefined || next === undefined) {
      throw new Error(
        `event ${index + 1} (${describeEvent(event)}) is not one the model takes there`,
      );
    }
    steps.push({ event: next.event, from: entry.state, state: next.state });
    key = serializeModelState(next.state);
  }
  return { description: steps.map((step) => describeEvent(step.event)).join(' -> '), steps };
}

/** The shortest model path that ends with `event` taken from the model state of `from`. */
export function shortestPathTo(
  from: OnboardingSnapshot,
  event: ModelEvent,
  model = createOnboardingTestModel(),
): ModelPath | null {
  const adjacency = new Map(Object.entries(model.getAdjacencyMap()));
  const rootKey = adjacency.keys().next().value;
  const target = serializeModelState(from);
  if (rootKey === undefined) return null;
  const via = new Map<string, ModelStep[]>([[rootKey, []]]);
  const queue = [rootKey];
  while (queue.length > 0) {
    const key = queue.shift() ?? rootKey;
    const entry = adjacency.get(key);
    const steps = via.get(key) ?? [];
    if (entry === undefined) continue;
    if (key === target) {
      const last = transitionsOf(entry).find((t) => sameEvent(t.event, event));
      if (last === undefined) return null;
      const all = [...steps, { event: last.event, from: entry.state, state: last.state }];
      return { description: all.map((step) => describeEvent(step.event)).join(' -> '), steps: all };
    }
    for (const { event: next, state } of transitionsOf(entry)) {
      const nextKey = serializeModelState(state);
      if (via.has(nextKey)) continue;
      via.set(nextKey, [...steps, { event: next, from: entry.state, state }]);
      queue.push(nextKey);
    }
  }
  return null;
}
