import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { transitionId } from '../testing/transition-id.ts';

/**
 * The statechart as plain data, read from the machine definition: what the Mermaid export, the
 * SVG writer and the web viewer draw. Ids are state paths joined with dots (`matched.step.intro`);
 * the machine itself is the state whose id is the machine id.
 */
export interface ChartGraph {
  /** Id of the machine (the outermost state). */
  root: string;
  /** Every state, the machine first, then depth first in definition order. */
  states: ChartState[];
  /** Every transition, `always` ones included, in definition order. */
  transitions: ChartTransition[];
  /** One arrow per transition target (a transition without a target is a loop on its source). */
  edges: ChartEdge[];
}

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  id: string;
  key: string;
  path: readonly string[];
  /** Id of the enclosing state; null for the machine. */
  parent: string | null;
  type: ChartStateType;
  /** Child ids in definition order; a parallel state's children are its regions. */
  children: string[];
  /** Ids of the children entered first (compound states only). */
  initial: string[];
  /** The screen this state shows (`meta.route`, `meta.title`), when it is a screen. */
  route: string | null;
  title: string | null;
  tags: string[];
}

export interface ChartTransition {
  /** `<source> <eventType>[<index>]`, unique. */
  id: string;
  /** `transitionId()` of the definition: the name the path suites record coverage under. */
  coverageId: string;
  source: string;
  /** Empty when the transition does not change state (it only runs actions). */
  targets: string[];
  /** The event as the machine names it (`xstate.after.…` and `''` for `always` included). */
  eventType: string;
  /** Position among the source's transitions for the same event (or among its `always`). */
  index: number;
  /** The event as a reader says it: `after teamFetchTimeout`, `done fetchTeam`, `always`. */
  event: string;
  /** The guard in words, or null when the transition is unguarded. */
  guard: string | null;
  /** `event [guard]`. */
  label: string;
}

export interface ChartEdge {
  id: string;
  transition: string;
  source: string;
  target: string;
  /** The innermost state enclosing both ends (the machine for its own transitions). */
  container: string;
  label: string;
}

function stateId(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('.');
}

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    const detail =
      typeof params === 'object' && params !== null
        ? `(${Object.values(params)
            .map((value) => String(value))
            .join(', ')})`
        : '';
    return `${String(type)}${detail}`;
  }
  if (typeof guard === 'function') {
    // XState's composite guards (and, not, stateIn) are functions carrying their parts.
    const composite = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (composite.name === 'and' && Array.isArray(composite.guards)) {
      return composite.guards.map(describeGuard).join(' and ');
    }
    if (composite.name === 'not' && Array.isArray(composite.guards)) {
      return `not ${describeGuard(composite.guards[0])}`;
    }
    if (composite.name === 'stateIn') return `in ${String(composite.stateValue).replace(/^#/, '')}`;
    return composite.name !== undefined && composite.name !== '' ? composite.name : 'guard';
  }
  return 'guard';
}

function describeEvent(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after !== null) return `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.actor.')) {
    return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  }
  if (eventType.startsWith('xstate.error.actor.')) {
    return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType === '' ? 'always' : eventType;
}

function isAncestorOrSelf(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  return ancestor.path.every((segment, index) => node.path[index] === segment);
}

/** Where an arrow is drawn: the innermost proper ancestor of the source that holds the target. */
function containerOf(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  let candidate: AnyStateNode | undefined = source.parent;
  while (candidate !== undefined) {
    if (isAncestorOrSelf(candidate, target)) return candidate;
    candidate = candidate.parent;
  }
  return source.machine.root;
}

function readMeta(node: AnyStateNode): { route: string | null; title: string | null } {
  const meta = node.meta as { route?: unknown; title?: unknown } | undefined;
  return {
    route: typeof meta?.route === 'string' ? meta.route : null,
    title: typeof meta?.title === 'string' ? meta.title : null,
  };
}

/** The statechart of `machine` as plain data. */
export function toChartGraph(machine: AnyStateMachine): ChartGraph {
  const graph: ChartGraph = { root: machine.id, states: [], transitions: [], edges: [] };
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const id = stateId(node);
    if (node.parent !== undefined && node.path.length === 1 && node.key === machine.id) {
      throw new Error(`a top-level state may not share the machine id "${machine.id}"`);
    }
    graph.states.push({
      id,
      key: node.path.length === 0 ? machine.id : node.key,
      path: node.path,
      parent: node.parent === undefined ? null : stateId(node.parent),
      type: node.type,
      children: children.map(stateId),
      initial:
        node.type === 'compound' && node.initial !== undefined
          ? node.initial.target.map(stateId)
          : [],
      ...readMeta(node),
      tags: [...node.tags],
    });
    const outgoing: { definition: AnyTransitionDefinition; index: number }[] = [];
    for (const definitions of node.transitions.values()) {
      definitions.forEach((definition, index) => {
        outgoing.push({ definition, index });
      });
    }
    (node.always ?? []).forEach((definition, index) => {
      outgoing.push({ definition, index });
    });
    for (const { definition, index } of outgoing) {
      const always = definition.eventType === '' || (node.always ?? []).includes(definition);
      const eventType = always ? '' : definition.eventType;
      const event = describeEvent(eventType);
      const guard = definition.guard === undefined ? null : describeGuard(definition.guard);
      const label = guard === null ? event : `${event} [${guard}]`;
      const targets: readonly AnyStateNode[] = definition.target ?? [];
      const transition: ChartTransition = {
        id: `${id} ${always ? 'always' : eventType}[${index}]`,
        coverageId: transitionId(definition),
        source: id,
        targets: targets.map(stateId),
        eventType,
        index,
        event,
        guard,
        label,
      };
      graph.transitions.push(transition);
      for (const target of targets.length > 0 ? targets : [node]) {
        const container = node.parent === undefined ? node : containerOf(node, target);
        graph.edges.push({
          id: `${transition.id}>${stateId(target)}`,
          transition: transition.id,
          source: id,
          target: stateId(target),
          container: stateId(container),
          label,
        });
      }
    }
    for (const child of children) visit(child);
  };
  visit(machine.root);
  return graph;
}

/**
 * The ids of every state a state value makes active, ancestors included (the machine too):
 * `{ matched: { step: 'intro', hold: 'counting' } }` gives the machine, `matched`, `matched.step`,
 * `matched.step.intro`, `matched.hold` and `matched.hold.counting`.
 */
export function activeStateIds(graph: ChartGraph, value: StateValue): Set<string> {
  const active = new Set<string>([graph.root]);
  const walk = (prefix: readonly string[], part: StateValue) => {
    if (typeof part === 'string') {
      active.add([...prefix, part].join('.'));
      return;
    }
    for (const [key, child] of Object.entries(part)) {
      const path = [...prefix, key];
      active.add(path.join('.'));
      if (child !== undefined) walk(path, child);
    }
  };
  walk([], value);
  const known = new Set(graph.states.map((state) => state.id));
  return new Set([...active].filter((id) => known.has(id)));
}
