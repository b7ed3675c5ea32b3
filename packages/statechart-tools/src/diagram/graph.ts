import {
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  and,
  not,
  or,
  type StateValue,
  stateIn,
} from 'xstate';
import { transitionId } from '../testing/transition-id.ts';
import { CLOCK_GUARD_AFTER, duration, eventWords, guardWords } from './words.ts';

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
  /** What a screen's box says under its name: its route (the default) or its title. */
  detail?: 'route' | 'title';
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
  /** The event in a designer's words: `submit name`, `team details arrive`, `after 10 s`. */
  event: string;
  /** The guard in words (`name filled in`), or null when the transition is unguarded. */
  guard: string | null;
  /** The guard as the machine spells it (`validName`), or null. */
  guardName: string | null;
  /** The machine's guard names it uses (for their descriptions). */
  guardNames: string[];
  /** `event [guard]`, in words. */
  label: string;
}

export interface ChartEdge {
  id: string;
  transition: string;
  source: string;
  target: string;
  /** The innermost state enclosing both ends (the machine for its own transitions). */
  container: string;
  /** Empty when the arrow is drawn without words (its style says what it is). */
  label: string;
  /** How the arrow is drawn: a Go back, or the slot hold running out; plain otherwise. */
  style?: EdgeStyle;
}

export type EdgeStyle = 'back' | 'expiry';

function stateId(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('.');
}

// XState's composite guards are functions carrying a `check`: compare those, not function names,
// which a minifier renames (the browser saw `and` as `t`).
const AND_CHECK = checkOf(and([]));
const OR_CHECK = checkOf(or([]));
const NOT_CHECK = checkOf(not('x'));
const STATE_IN_CHECK = checkOf(stateIn('x'));

function checkOf(guard: unknown): unknown {
  return typeof guard === 'function' && 'check' in guard ? guard.check : undefined;
}

function partsOf(guard: unknown): unknown[] {
  return typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)
    ? guard.guards
    : [];
}

/** A guard as the machine names it (`validName`, `canRequest(intro) and not in intro`). */
function describeGuard(guard: unknown, words: boolean): string {
  if (typeof guard === 'string') return words ? guardWords(guard, []) : guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const type = String(guard.type);
    const params =
      'params' in guard && typeof guard.params === 'object' && guard.params !== null
        ? Object.values(guard.params).map((value) => String(value))
        : [];
    if (words) return guardWords(type, params);
    return params.length > 0 ? `${type}(${params.join(', ')})` : type;
  }
  const check = checkOf(guard);
  if (check !== undefined) {
    const parts = partsOf(guard).map((part) => describeGuard(part, words));
    if (check === AND_CHECK) return parts.join(' and ');
    if (check === OR_CHECK) return parts.join(' or ');
    if (check === NOT_CHECK) return `not ${parts[0] ?? ''}`;
    if (check === STATE_IN_CHECK && typeof guard === 'function' && 'stateValue' in guard) {
      return `in ${String(guard.stateValue).replace(/^#/, '')}`;
    }
  }
  return 'guard';
}

/** The names of the machine's guards a (possibly composite) guard uses. */
function guardNamesOf(guard: unknown): string[] {
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return [String(guard.type)];
  return partsOf(guard).flatMap(guardNamesOf);
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
  const delays: Record<string, unknown> = machine.implementations.delays;
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
    outgoing.forEach(({ definition, index }, position) => {
      const always = definition.eventType === '' || (node.always ?? []).includes(definition);
      const eventType = always ? '' : definition.eventType;
      const guardNames = definition.guard === undefined ? [] : guardNamesOf(definition.guard);
      const clock =
        always && guardNames.length === 1 ? CLOCK_GUARD_AFTER[guardNames[0] ?? ''] : undefined;
      // The hold's guards turn true with the clock (it ticks every second): said as a delay.
      const event =
        clock === undefined ? eventWords(eventType, delays) : `after ${duration(clock)}`;
      // An unguarded transition after guarded ones for the same event is taken when they are not.
      const otherwise = outgoing
        .slice(0, position)
        .some(
          (earlier) =>
            earlier.definition.eventType === definition.eventType &&
            earlier.definition.guard !== undefined,
        );
      const guard =
        definition.guard === undefined
          ? otherwise
            ? 'otherwise'
            : null
          : describeGuard(definition.guard, true);
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
        guardName: definition.guard === undefined ? null : describeGuard(definition.guard, false),
        guardNames,
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
    });
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
