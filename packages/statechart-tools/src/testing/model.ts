/**
 * Model-based testing of a machine with `xstate/graph`'s `TestModel`, on the real machine
 * definition. The machine and its model's world (the events it may send, what tells two of its
 * states apart, the actors whose calls it settles) come in a `ModelSpec` from the machine's own
 * test kit. The same paths drive the machine alone and an app through a driver: see
 * `runModelPath`.
 */

import type { ActorLogic, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { type AdjacencyValue, TestModel } from 'xstate/graph';
import { allTransitionIds, transitionsTaken } from './coverage.ts';
import type { DelayEvent } from './events.ts';
import { transitionId } from './transition-id.ts';

export * from './events.ts';

/* ------------------------------------------------------------------ */
/* The model                                                            */
/* ------------------------------------------------------------------ */

/** A machine and the world its model lives in. */
export interface ModelSpec<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
  TActor extends string,
  TMachineEvent extends EventObject,
> {
  machine: AnyStateMachine;
  /** The machine seen as logic taking the model's events (its own, actor answers, delays). */
  logic: ActorLogic<TSnapshot, TEvent, TInput>;
  input: TInput;
  /** The events the model may send from a snapshot. */
  events: (snapshot: TSnapshot) => TEvent[];
  /** A model state's key: snapshots that behave the same from here on share one. */
  serializeState: (snapshot: TSnapshot) => string;
  /** The invokes whose calls the model settles with done and error events. */
  actors: readonly TActor[];
  /** A model event the system under test is sent as is, as the machine's event type. */
  toMachineEvent: (event: TEvent) => TMachineEvent;
  /**
   * For an event that stands for time passing (a clock tick), how much time the step lets pass,
   * and whether it jumps (no tick in between); null for any other event.
   */
  elapsed?: (step: ModelStep<TSnapshot, TEvent>) => { ms: number; jump: boolean } | null;
}

// biome-ignore lint/suspicious/noExplicitAny: any machine's spec, as xstate's own `Any*` types.
type AnyModelSpec = ModelSpec<any, any, any, string, any>;
// biome-ignore lint/suspicious/noExplicitAny: the caches below hold the models of any machine.
type AnyTestModel = TestModel<any, any, any>;

export function createTestModel<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
  TActor extends string,
  TMachineEvent extends EventObject,
>(spec: ModelSpec<TSnapshot, TEvent, TInput, TActor, TMachineEvent>) {
  return new TestModel<TSnapshot, TEvent, TInput>(spec.logic, {
    events: spec.events,
    serializeState: spec.serializeState,
    input: spec.input,
  });
}

export type Adjacency<TSnapshot, TEvent> = Map<string, AdjacencyValue<TSnapshot, TEvent>>;

// biome-ignore lint/suspicious/noExplicitAny: keyed by model, each of its own machine's types.
const adjacencies = new WeakMap<AnyTestModel, Adjacency<any, any>>();
const defaultModels = new WeakMap<AnyModelSpec, AnyTestModel>();

/**
 * The model's adjacency map (every model state and its transitions), computed once per model:
 * it takes seconds, and a run looks up many saved paths in it. Without a model, the spec's default
 * one.
 */
export function adjacencyOf<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): Adjacency<TSnapshot, TEvent> {
  let used: TestModel<TSnapshot, TEvent, TInput> | undefined = model ?? defaultModels.get(spec);
  if (used === undefined) {
    used = createTestModel(spec);
    defaultModels.set(spec, used);
  }
  let adjacency: Adjacency<TSnapshot, TEvent> | undefined = adjacencies.get(used);
  if (adjacency === undefined) {
    adjacency = new Map(Object.entries(used.getAdjacencyMap()));
    adjacencies.set(used, adjacency);
  }
  return adjacency;
}

/* ------------------------------------------------------------------ */
/* Paths covering every transition                                       */
/* ------------------------------------------------------------------ */

export interface ModelStep<TSnapshot = AnyMachineSnapshot, TEvent = EventObject> {
  event: TEvent;
  /** The model's state before the event. */
  from: TSnapshot;
  /** The model's state after it. */
  state: TSnapshot;
}

export interface ModelPath<TSnapshot = AnyMachineSnapshot, TEvent = EventObject> {
  description: string;
  steps: ModelStep<TSnapshot, TEvent>[];
}

/** Former names of `transitionId`, `allTransitionIds`. */
export const transitionName = transitionId;
export const allTransitionNames = allTransitionIds;

export function describeEvent(event: EventObject): string {
  const { type, ...rest } = event;
  const detail = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${detail}`;
}

export function transitionsOf<TSnapshot, TEvent>(
  entry: AdjacencyValue<TSnapshot, TEvent>,
): { event: TEvent; state: TSnapshot }[] {
  return Object.values(entry.transitions);
}

/**
 * Paths from the initial state that, together, take every transition of the machine: the shortest
 * path to each (state, event) pair whose outcome is new, where an outcome is the state value it
 * starts from, the transitions the event enables, and the state value it leads to (which tells
 * the `always` transitions apart). Paths are ordered shortest first.
 */
export function getCoveringPaths<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): ModelPath<TSnapshot, TEvent>[] {
  const adjacency = adjacencyOf(spec, model);
  const rootKey = adjacency.keys().next().value;
  if (rootKey === undefined) return [];

  // Breadth-first shortest paths over the adjacency map.
  const pathTo = new Map<string, ModelStep<TSnapshot, TEvent>[]>([[rootKey, []]]);
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
      const next = spec.serializeState(state);
      if (pathTo.has(next)) continue;
      pathTo.set(next, [...steps, { event, from: entry.state, state }]);
      queue.push(next);
    }
  }

  const outcomes = new Set<string>();
  const paths: ModelPath<TSnapshot, TEvent>[] = [];
  for (const key of order) {
    const entry = adjacency.get(key);
    const steps = pathTo.get(key);
    if (entry === undefined || steps === undefined) continue;
    for (const { event, state } of transitionsOf(entry)) {
      const taken = spec.machine.getTransitionData(entry.state, event).map(transitionName).sort();
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
export interface ModelDriver<
  TSnapshot = AnyMachineSnapshot,
  TEvent = EventObject,
  TActor extends string = string,
  TMachineEvent = TEvent,
> {
  /** A user or router event: click, type, navigate, or send it (`step` is the path's step). */
  send(event: TMachineEvent, step: ModelStep<TSnapshot, TEvent>): Promise<void> | void;
  /** Settle the pending call of `actor` successfully with `output`. */
  resolve(actor: TActor, output: unknown): Promise<void> | void;
  /** Fail the pending call of `actor` with `error`. */
  reject(actor: TActor, error: unknown): Promise<void> | void;
  /** Let simulated time pass, the clock ticking each second. */
  advance(ms: number): Promise<void> | void;
  /**
   * Let time jump forward by `ms` without ticks in between (a sleeping laptop, a throttled tab),
   * then let the clock tick once.
   */
  jump(ms: number): Promise<void> | void;
  /** Check that the system shows the model's state. */
  check(expected: TSnapshot, step: ModelStep<TSnapshot, TEvent>): Promise<void> | void;
}

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';

function actorOf<TActor extends string>(
  actors: readonly TActor[],
  type: string,
  prefix: string,
): TActor | null {
  const name = type.slice(prefix.length);
  return actors.find((actor) => actor === name) ?? null;
}

/** The simulated time a delayed event stands for, read from the machine's `delays`. */
export function delayMs(machine: AnyStateMachine, event: DelayEvent): number {
  const name = event.type.slice('xstate.after.'.length).split('.')[0] ?? '';
  const delays: Record<string, unknown> = machine.implementations.delays;
  const delay = delays[name];
  if (typeof delay === 'number') return delay;
  const literal = Number(name);
  if (Number.isFinite(literal)) return literal;
  throw new Error(`Unknown delay ${name}`);
}

export async function runModelPath<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
  TActor extends string,
  TMachineEvent extends EventObject,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, TActor, TMachineEvent>,
  path: ModelPath<TSnapshot, TEvent>,
  driver: ModelDriver<TSnapshot, TEvent, TActor, TMachineEvent>,
): Promise<void> {
  for (const step of path.steps) {
    const { event } = step;
    const time = spec.elapsed?.(step) ?? null;
    if (event.type.startsWith(DONE_PREFIX) && 'output' in event) {
      const actor = actorOf(spec.actors, event.type, DONE_PREFIX);
      if (actor === null) throw new Error(`Unknown actor in ${event.type}`);
      await driver.resolve(actor, event.output);
    } else if (event.type.startsWith(ERROR_PREFIX) && 'error' in event) {
      const actor = actorOf(spec.actors, event.type, ERROR_PREFIX);
      if (actor === null) throw new Error(`Unknown actor in ${event.type}`);
      await driver.reject(actor, event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      await driver.advance(delayMs(spec.machine, { type: `xstate.after.${event.type.slice(13)}` }));
    } else if (time !== null) {
      await (time.jump ? driver.jump(time.ms) : driver.advance(time.ms));
    } else {
      await driver.send(spec.toMachineEvent(event), step);
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
export function sameEvent(a: EventObject, b: EventObject): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The model path a saved list of events stands for, from the model's initial state. Throws when
 * an event is not one the model can take there.
 */
export function pathFromEvents<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  events: readonly EventObject[],
  model?: TestModel<TSnapshot, TEvent, TInput>,
): ModelPath<TSnapshot, TEvent> {
  const adjacency = adjacencyOf(spec, model);
  let key = adjacency.keys().next().value;
  const steps: ModelStep<TSnapshot, TEvent>[] = [];
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
    key = spec.serializeState(next.state);
  }
  return { description: steps.map((step) => describeEvent(step.event)).join(' -> '), steps };
}

/** The shortest model path that ends with `event` taken from the model state of `from`. */
export function shortestPathTo<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  from: TSnapshot,
  event: EventObject,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): ModelPath<TSnapshot, TEvent> | null {
  const adjacency = adjacencyOf(spec, model);
  const rootKey = adjacency.keys().next().value;
  const target = spec.serializeState(from);
  if (rootKey === undefined) return null;
  const via = new Map<string, ModelStep<TSnapshot, TEvent>[]>([[rootKey, []]]);
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
      const nextKey = spec.serializeState(state);
      if (via.has(nextKey)) continue;
      via.set(nextKey, [...steps, { event: next, from: entry.state, state }]);
      queue.push(nextKey);
    }
  }
  return null;
}
