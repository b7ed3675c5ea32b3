/**
 * Transition-pair (2-switch) coverage of a machine's model, and paths that take every feasible
 * pair.
 *
 * A pair `a => b` is two transitions taken in consecutive steps: a step that takes `a` (with the
 * eventless transitions it sets off), then the next step that takes any transition, taking `b`.
 * A pair is feasible when the model can take it: some model state reachable from the start (a
 * state value with the context that can still change what happens next, the spec's
 * `serializeState`)
 * is entered by a step taking `a` and left by a step taking `b`. Guards are therefore judged on
 * the contexts the model really reaches with its events and answers, not on every context the
 * types allow: a pair whose second guard no reachable context passes is not counted.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';
import {
  adjacencyOf,
  describeEvent,
  type ModelPath,
  type ModelSpec,
  type ModelStep,
  stepTransitions,
  transitionsOf,
} from './model.ts';

type AnySpec<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject, TInput> = ModelSpec<
  TSnapshot,
  TEvent,
  TInput,
  string,
  EventObject
>;

/** A step of the model graph that takes at least one transition, with the ones it takes. */
export interface ModelEdge<TSnapshot = AnyMachineSnapshot, TEvent = EventObject>
  extends ModelStep<TSnapshot, TEvent> {
  /** The model state it leads to (the spec's `serializeState`). */
  to: string;
  /** The transitions it takes, eventless ones included. */
  ids: string[];
}

export interface ModelGraph<TSnapshot = AnyMachineSnapshot, TEvent = EventObject> {
  /** The initial model state. */
  root: string;
  /** The steps out of each model state that take a transition. */
  edges: Map<string, ModelEdge<TSnapshot, TEvent>[]>;
}

const graphs = new WeakMap<object, ModelGraph>();

/**
 * The model's states and the steps between them that take transitions (steps the machine
 * ignores are left out), computed once per model: the transitions of each step are worked out
 * here, so that every later question (pairs, walks) is a look-up.
 */
export function modelGraph<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: AnySpec<TSnapshot, TEvent, TInput>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
): ModelGraph<TSnapshot, TEvent> {
  const adjacency = adjacencyOf(spec, model);
  const cached = graphs.get(adjacency) as ModelGraph<TSnapshot, TEvent> | undefined;
  if (cached !== undefined) return cached;
  const edges = new Map<string, ModelEdge<TSnapshot, TEvent>[]>();
  for (const [key, entry] of adjacency) {
    const out: ModelEdge<TSnapshot, TEvent>[] = [];
    for (const { event, state } of transitionsOf(entry)) {
      // Most events change nothing where they arrive: asking the machine is cheaper than the
      // microsteps `stepTransitions` replays.
      if (spec.machine.getTransitionData(entry.state, spec.toMachineEvent(event)).length === 0) {
        continue;
      }
      const step = { event, from: entry.state, state };
      const ids = stepTransitions(step);
      if (ids.length > 0) out.push({ ...step, to: spec.serializeState(state), ids });
    }
    edges.set(key, out);
  }
  const graph = { root: adjacency.keys().next().value ?? '', edges };
  graphs.set(adjacency, graph);
  return graph;
}

export function pairName(a: string, b: string): string {
  return `${a} => ${b}`;
}

/** Every feasible pair (see above). */
export function feasiblePairs(graph: ModelGraph<unknown, EventObject>): Set<string> {
  const incoming = new Map<string, Set<string>>();
  for (const out of graph.edges.values()) {
    for (const edge of out) {
      const into = incoming.get(edge.to) ?? new Set<string>();
      for (const id of edge.ids) into.add(id);
      incoming.set(edge.to, into);
    }
  }
  const pairs = new Set<string>();
  for (const [key, into] of incoming) {
    for (const edge of graph.edges.get(key) ?? []) {
      for (const a of into) for (const b of edge.ids) pairs.add(pairName(a, b));
    }
  }
  return pairs;
}

/**
 * The pairs a run took, from the transitions of each of its steps in order (steps that took no
 * transition are passed over, as the machine ignored them).
 */
export function pairsTaken(steps: Iterable<readonly string[]>): Set<string> {
  const pairs = new Set<string>();
  let previous: readonly string[] = [];
  for (const ids of steps) {
    if (ids.length === 0) continue;
    for (const a of previous) for (const b of ids) pairs.add(pairName(a, b));
    previous = ids;
  }
  return pairs;
}

export interface PairCoverage {
  covered: number;
  total: number;
  /** Feasible pairs no run took. */
  missing: string[];
}

/** Of the feasible pairs, those that the runs (each a list of its steps' transitions) took. */
export function pairCoverage(
  runs: Iterable<Iterable<readonly string[]>>,
  feasible: ReadonlySet<string>,
): PairCoverage {
  const taken = new Set<string>();
  for (const run of runs) for (const pair of pairsTaken(run)) taken.add(pair);
  const missing = [...feasible].filter((pair) => !taken.has(pair)).sort();
  return { covered: feasible.size - missing.length, total: feasible.size, missing };
}

/** Transition-pair coverage of model paths. */
export function twoSwitchCoverage<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: AnySpec<TSnapshot, TEvent, TInput>,
  paths: readonly ModelPath<TSnapshot, TEvent>[],
  model?: TestModel<TSnapshot, TEvent, TInput>,
): PairCoverage {
  return pairCoverage(
    paths.map((path) => path.steps.map(stepTransitions)),
    feasiblePairs(modelGraph(spec, model)),
  );
}

/** One line for a level's pair figure: `machine: transition pairs (2-switch) 40.1% (…)`. */
export function formatPairs(level: string, coverage: PairCoverage, note = ''): string {
  const share = coverage.total === 0 ? 100 : (coverage.covered / coverage.total) * 100;
  return `${level}: transition pairs (2-switch) ${share.toFixed(1)}% (${coverage.covered}/${coverage.total} feasible)${note === '' ? '' : `, ${note}`}`;
}

/**
 * Paths from the initial state that together take every feasible pair. Each path heads for the
 * nearest pair not yet taken (a breadth-first search over model states paired with the
 * transitions of the step that entered them) and goes on from there until it would grow beyond
 * `maxSteps`, so shared beginnings are paid once per path rather than once per pair.
 */
export function pairCoveringPaths<
  TSnapshot extends AnyMachineSnapshot,
  TEvent extends EventObject,
  TInput,
>(
  spec: AnySpec<TSnapshot, TEvent, TInput>,
  model?: TestModel<TSnapshot, TEvent, TInput>,
  maxSteps = 60,
): ModelPath<TSnapshot, TEvent>[] {
  const graph = modelGraph(spec, model);
  const uncovered = feasiblePairs(graph);
  // Transition ids and the lists of them that steps take, as numbers, for a fast search.
  const idNumbers = new Map<string, number>();
  const numberOf = (id: string) => {
    let number = idNumbers.get(id);
    if (number === undefined) {
      number = idNumbers.size;
      idNumbers.set(id, number);
    }
    return number;
  };
  const listNumbers = new Map<string, number>([['', 0]]);
  const lists: number[][] = [[]];
  const listOf = (ids: readonly string[]) => {
    const key = ids.join('|');
    let number = listNumbers.get(key);
    if (number === undefined) {
      number = lists.length;
      listNumbers.set(key, number);
      lists.push(ids.map(numberOf));
    }
    return number;
  };
  const keys = [...graph.edges.keys()];
  const keyNumbers = new Map(keys.map((key, index) => [key, index]));
  interface Edge {
    step: ModelEdge<TSnapshot, TEvent>;
    to: number;
    list: number;
  }
  const out: Edge[][] = keys.map((key) =>
    (graph.edges.get(key) ?? []).map((step) => ({
      step,
      to: keyNumbers.get(step.to) ?? -1,
      list: listOf(step.ids),
    })),
  );
  const size = idNumbers.size;
  const open = new Uint8Array(size * size);
  for (const pair of uncovered) {
    const [a = '', b = ''] = pair.split(' => ');
    open[(idNumbers.get(a) ?? 0) * size + (idNumbers.get(b) ?? 0)] = 1;
  }
  let remaining = uncovered.size;
  const takes = (entered: number, edge: Edge) => {
    for (const a of lists[entered] ?? []) {
      for (const b of lists[edge.list] ?? []) if (open[a * size + b] === 1) return true;
    }
    return false;
  };
  const take = (entered: number, edge: Edge) => {
    for (const a of lists[entered] ?? []) {
      for (const b of lists[edge.list] ?? []) {
        if (open[a * size + b] === 1) {
          open[a * size + b] = 0;
          remaining -= 1;
        }
      }
    }
  };
  // A search node: a model state with the list of transitions of the step that entered it.
  const node = (key: number, entered: number) => key * lists.length + entered;
  const seen = new Map<number, { parent: number; edge: Edge } | null>();

  /** The shortest run of edges from (key, entered) whose last edge takes an open pair. */
  const nearest = (key: number, entered: number): Edge[] | null => {
    seen.clear();
    const start = node(key, entered);
    seen.set(start, null);
    const queue: [number, number][] = [[key, entered]];
    for (let head = 0; head < queue.length; head += 1) {
      const [at = 0, by = 0] = queue[head] ?? [];
      for (const edge of out[at] ?? []) {
        if (takes(by, edge)) {
          const edges = [edge];
          let link = seen.get(node(at, by)) ?? null;
          while (link !== null) {
            edges.unshift(link.edge);
            link = seen.get(link.parent) ?? null;
          }
          return edges;
        }
        const next = node(edge.to, edge.list);
        if (!seen.has(next)) {
          seen.set(next, { parent: node(at, by), edge });
          queue.push([edge.to, edge.list]);
        }
      }
    }
    return null;
  };

  const root = keyNumbers.get(graph.root) ?? 0;
  const paths: ModelPath<TSnapshot, TEvent>[] = [];
  while (remaining > 0) {
    let key = root;
    let entered = 0;
    const steps: ModelEdge<TSnapshot, TEvent>[] = [];
    for (;;) {
      const next = nearest(key, entered);
      if (next === null || (steps.length > 0 && steps.length + next.length > maxSteps)) break;
      for (const edge of next) {
        take(entered, edge);
        steps.push(edge.step);
        key = edge.to;
        entered = edge.list;
      }
    }
    if (steps.length === 0) break;
    paths.push({
      description: steps.map((step) => describeEvent(step.event)).join(' -> '),
      steps: steps.map(({ event, from, state }) => ({ event, from, state })),
    });
  }
  return paths;
}
