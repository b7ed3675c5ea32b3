import { describe, expect, it } from 'vitest';
import { type ActorLogic, type EventObject, type SnapshotFrom, setup } from 'xstate';
import { cannotReach, deadEnds } from './dead-ends.ts';
import type { ModelSpec } from './model.ts';

/** A small life of its own: `stuck` has no way out but the end, `loop` never gets back home. */
type LifeEvent = { type: 'go' } | { type: 'stick' } | { type: 'wander' } | { type: 'end' };
const life = setup({ types: { events: {} as LifeEvent } }).createMachine({
  id: 'life',
  initial: 'home',
  on: { end: '.gone' },
  states: {
    home: { on: { go: 'away', stick: 'stuck', wander: 'loopA' } },
    away: { on: { go: 'home' } },
    stuck: { on: { go: 'stuck' } },
    loopA: { on: { go: 'loopB' } },
    loopB: { on: { go: 'loopA' } },
    gone: { type: 'final' },
  },
});
type LifeSnapshot = SnapshotFrom<typeof life>;

const widen = (e: EventObject): e is LifeEvent => typeof e.type === 'string';
const logic: ActorLogic<LifeSnapshot, LifeEvent, undefined> = {
  config: life.config,
  transition: (snapshot, event, scope) => {
    if (!widen(event)) throw new Error('not an event');
    return life.transition(snapshot, event, scope);
  },
  getInitialSnapshot: (scope, input) => life.getInitialSnapshot(scope, input),
  getPersistedSnapshot: (snapshot) => life.getPersistedSnapshot(snapshot),
};

const spec: ModelSpec<LifeSnapshot, LifeEvent, undefined, never, LifeEvent> = {
  machine: life,
  logic,
  input: undefined,
  events: () => [{ type: 'go' }, { type: 'stick' }, { type: 'wander' }, { type: 'end' }],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  actors: [],
  toMachineEvent: (event) => event,
};

describe('dead ends of a machine it is given', () => {
  it('names the state whose only way out ends the machine', () => {
    expect(deadEnds(spec)).toEqual(['"stuck"']);
  });

  it('names the states from which the goal can never be reached again', () => {
    expect(cannotReach(spec, (s) => s.matches('home')).sort()).toEqual([
      '"loopA"',
      '"loopB"',
      '"stuck"',
    ]);
  });
});
