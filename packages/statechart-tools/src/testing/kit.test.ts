import { describe, expect, it } from 'vitest';
import { type ActorLogic, type EventObject, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { allTransitionIds, formatCoverage, missingTransitions } from './coverage.ts';
import {
  type ActorDoneEvent,
  type ActorErrorEvent,
  actorDone,
  actorError,
  type DelayEvent,
  delayEvents,
} from './events.ts';
import {
  activeStateIds,
  delayMs,
  getCoveringPaths,
  type ModelSpec,
  pathFromEvents,
  runModelPath,
  stepTransitions,
} from './index.ts';

/** A small machine of its own, so the kit is tested apart from any product machine. */
type DoorEvent = { type: 'door.open' } | { type: 'door.close' };
const door = setup({
  types: { events: {} as DoorEvent },
  actors: { unlock: fromPromise<string>(async () => 'unlocked') },
  delays: { patience: 5000 },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'unlocking' } },
    unlocking: {
      invoke: { id: 'unlock', src: 'unlock', onDone: 'open', onError: 'closed' },
    },
    open: { after: { patience: 'closed' }, on: { 'door.close': 'closed' } },
  },
});
type DoorSnapshot = SnapshotFrom<typeof door>;
type DoorModelEvent = DoorEvent | ActorDoneEvent<'unlock'> | ActorErrorEvent<'unlock'> | DelayEvent;

function toDoorEvent(event: EventObject): DoorEvent {
  // The internal events travel through `transition` like the machine's own.
  const widen = (e: EventObject): e is DoorEvent => typeof e.type === 'string';
  if (!widen(event)) throw new Error('not an event');
  return event;
}

const logic: ActorLogic<DoorSnapshot, DoorModelEvent, undefined> = {
  config: door.config,
  transition: (snapshot, event, scope) => door.transition(snapshot, toDoorEvent(event), scope),
  getInitialSnapshot: (scope, input) => door.getInitialSnapshot(scope, input),
  getPersistedSnapshot: (snapshot) => door.getPersistedSnapshot(snapshot),
};

const EVENTS: DoorModelEvent[] = [
  { type: 'door.open' },
  { type: 'door.close' },
  actorDone('unlock', 'unlocked'),
  actorError('unlock', new Error('jammed')),
  ...delayEvents(door),
];

const spec: ModelSpec<DoorSnapshot, DoorModelEvent, undefined, 'unlock', DoorEvent> = {
  machine: door,
  logic,
  input: undefined,
  events: (snapshot) =>
    EVENTS.filter((event) => !event.type.includes('.actor.') || snapshot.matches('unlocking')),
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  actors: ['unlock'],
  toMachineEvent: toDoorEvent,
};

describe('the model kit on a machine it is given', () => {
  it('finds paths that together take every transition of that machine', () => {
    const taken = new Set(
      getCoveringPaths(spec).flatMap((path) => path.steps.flatMap(stepTransitions)),
    );
    const coverage = {
      level: 'machine' as const,
      paths: 1,
      states: new Set<string>(),
      transitions: taken,
    };
    expect(missingTransitions(door, coverage)).toEqual([]);
    expect(allTransitionIds(door)).toHaveLength(5);
    expect(formatCoverage(door, coverage)).toContain('transitions 100.0% (5/5)');
  });

  it('replays a path through a driver: user events, actor answers and delays', async () => {
    const path = pathFromEvents(spec, [
      { type: 'door.open' },
      actorDone('unlock', 'unlocked'),
      ...delayEvents(door),
    ]);
    const calls: string[] = [];
    await runModelPath(spec, path, {
      send: (event) => void calls.push(`send ${event.type}`),
      resolve: (actor, output) => void calls.push(`resolve ${actor} ${String(output)}`),
      reject: (actor) => void calls.push(`reject ${actor}`),
      advance: (ms) => void calls.push(`advance ${ms}`),
      jump: (ms) => void calls.push(`jump ${ms}`),
      check: (expected) => void calls.push(`check ${activeStateIds(expected).join(',')}`),
    });
    expect(calls).toEqual([
      'send door.open',
      'check door.unlocking',
      'resolve unlock unlocked',
      'check door.open',
      'advance 5000',
      'check door.closed',
    ]);
  });

  it("reads a delay's length from the machine, and refuses an event the model cannot take", () => {
    const [after] = delayEvents(door);
    expect(after === undefined ? null : delayMs(door, after)).toBe(5000);
    expect(() => pathFromEvents(spec, [actorDone('unlock', 'unlocked')])).toThrow(
      'event 1 (xstate.done.actor.unlock {"output":"unlocked"}) is not one the model takes there',
    );
  });
});
