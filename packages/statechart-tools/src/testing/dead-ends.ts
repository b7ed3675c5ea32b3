/**
 * Dead ends of a machine's model: states a person could get stuck in. A state is a dead end when
 * every event the model sends there either leaves it where it is or ends the machine (a final
 * state: leaving for good is not a way forward). Read from the model's graph over the real machine,
 * so guards are judged on the states the model reaches.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { adjacencyOf, type ModelSpec, transitionsOf } from './model.ts';

/** The model's states, each with the states its events lead to (itself excluded). */
function forwardGraph<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
) {
  const graph = new Map<string, { snapshot: TSnapshot; next: Map<string, TSnapshot> }>();
  for (const [key, entry] of adjacencyOf(spec, model)) {
    const next = new Map<string, TSnapshot>();
    for (const { state } of transitionsOf(entry)) {
      const to = spec.serializeState(state);
      if (to !== key) next.set(to, state);
    }
    graph.set(key, { snapshot: entry.state, next });
  }
  return graph;
}

/** The states (by `serializeState`) whose only ways out end the machine, or that have none. */
export function deadEnds<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): string[] {
  const ends: string[] = [];
  for (const [key, { snapshot, next }] of forwardGraph(spec, model)) {
    if (snapshot.status === 'done') continue;
    if (![...next.values()].some((state) => state.status !== 'done')) ends.push(key);
  }
  return ends;
}

/**
 * The states (by `serializeState`) from which no state that `goal` accepts can be reached: a
 * person there could never get back to what the machine is for. Final states are left out.
 */
export function cannotReach<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: ModelSpec<TSnapshot, TEvent, TInput, string, EventObject>,
  goal: (snapshot: TSnapshot) => boolean,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): string[] {
  const graph = forwardGraph(spec, model);
  // Backwards from the goal states: whatever leads to one can reach it.
  const reaches = new Set([...graph].filter(([, { snapshot }]) => goal(snapshot)).map(([k]) => k));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [key, { next }] of graph) {
      if (reaches.has(key)) continue;
      if ([...next.keys()].some((to) => reaches.has(to))) {
        reaches.add(key);
        grew = true;
      }
    }
  }
  return [...graph]
    .filter(([key, { snapshot }]) => snapshot.status !== 'done' && !reaches.has(key))
    .map(([key]) => key);
}
