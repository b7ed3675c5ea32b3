/**
 * Model-based testing of the onboarding machine with `xstate/graph`'s `TestModel`, on the real
 * machine definition. The same paths drive the machine alone (this package) and the React app
 * (apps/web) through a driver: see `runModelPath`.
 */

import type { OnboardingSnapshot } from '@app/onboarding';
import { type OnboardingEvent, type OnboardingInput, onboardingMachine } from '@app/onboarding';
import type { ActorLogic, EventObject } from 'xstate';
import { type AdjacencyValue, TestModel } from 'xstate/graph';
import { allTransitionIds, transitionsTaken } from './coverage.ts';
import {
  type DelayEvent,
  MODEL_ACTORS,
  MODEL_INPUT,
  type ModelActor,
  type ModelEvent,
  modelEvents,
  serializeModelState,
} from './events.ts';
import { transitionId } from './transition-id.ts';

export * from './events.ts';

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

export function toMachineEvent(event: EventObject): OnboardingEvent {
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

export type OnboardingTestModel = ReturnType<typeof createOnboardingTestModel>;
type Adjacency = Map<string, AdjacencyValue<OnboardingSnapshot, ModelEvent>>;

const adjacencies = new WeakMap<OnboardingTestModel, Adjacency>();
let defaultModel: OnboardingTestModel | null = null;

/**
 * The model's adjacency map (every model state and its transitions), computed once per model:
 * it takes seconds, and a run looks up many saved paths in it. Without a model, the default one.
 */
export function adjacencyOf(model?: OnboardingTestModel): Adjacency {
  defaultModel ??= createOnboardingTestModel();
  const used = model ?? defaultModel;
  let adjacency = adjacencies.get(used);
  if (adjacency === undefined) {
    adjacency = new Map(Object.entries(used.getAdjacencyMap()));
    adjacencies.set(used, adjacency);
  }
  return adjacency;
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

export function transitionsOf(
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
export function getCoveringPaths(model?: OnboardingTestModel): ModelPath[] {
  const adjacency = adjacencyOf(model);
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
  /** A user or router event: click, type, navigate, or send it (`step` is the path's step). */
  send(event: OnboardingEvent, step: ModelStep): Promise<void> | void;
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
        step.from.matches({ matched: { hold: { live: 'counting' } } }) &&
        step.state.matches({ matched: { hold: 'expired' } });
      await (skipsEnding ? driver.jump(elapsed) : driver.advance(elapsed));
    } else if (isMachineEvent(event)) {
      await driver.send(event, step);
    }
    await driver.check(step.state, step);
  }
}

/* ------------------------------------------------------------------ */
/* Transitions of steps, paths from saved events                        */
/* ------------------------------------------------------------------ */

/** The machine's transitions (eventless ones included) that a path step takes. */
export function stepTransitions(step: Pick<ModelStep, 'from' | 'event'>): string[] {
  return transitionsTaken(step.from, step.event);
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
  model?: OnboardingTestModel,
): ModelPath {
  const adjacency = adjacencyOf(model);
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
  model?: OnboardingTestModel,
): ModelPath | null {
  const adjacency = adjacencyOf(model);
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
