import { MAX_PHOTO_BYTES } from '@app/contracts';
import { stateToRoute } from '@app/onboarding';
import {
  activeStateIds,
  allTransitionIds,
  createOnboardingTestModel,
  describeEvent,
  type ModelPath,
  type ModelStep,
  pairName,
  pairsTaken,
  serializeModelState,
  stepTransitions,
} from '@app/onboarding/testing';
import type { AdjacencyValue } from 'xstate/graph';
import { callsInFlight, isUserEvent, planFor, requestPath } from '../src/onboarding/test/person.ts';

/**
 * Walks through the onboarding model for the built app in Chromium. Each walk heads for the
 * nearest transition not yet taken and goes on from there, so the shared beginnings (an area, a
 * role, the team search) are paid once per walk rather than once per transition. Together the
 * walks take every transition a person can cause. A transition that only an event the UI must
 * not offer reaches (`NOT_OFFERED` in src/onboarding/test/person.ts) is taken by sending that
 * event to the page's flow directly, after checking that the screen indeed does not offer it;
 * such steps are used for nothing else.
 */

type Snapshot = ModelStep['state'];

/**
 * How the browser loads or changes the page in a step: a typed URL (a page load), the Back or
 * Forward button, or a reload.
 */
export type Visit = 'typed' | 'back' | 'forward' | 'reload';

export interface WalkStep extends ModelStep {
  /** For a `nav.request`, how the browser asks for the URL; a reload for `hold.resume`. */
  visit?: Visit;
  /** An event the UI must not offer: sent to the page's flow once the screen is checked. */
  direct?: true;
}

export interface Walk {
  description: string;
  steps: WalkStep[];
}

/** A history entry the walk cannot tell (see `Position`). */
const UNKNOWN = '?';

/**
 * What the page's Go back does and where the browser's Back and Forward go, as the walk knows
 * them. Back and Forward move within the page only between entries the page itself showed: the
 * entries beyond a typed URL or a reload belong to a page that was left, and going to one loads
 * the page again. Go back goes back one entry when the entry before shows the step it leads to
 * (the bridge's `historyTrail`), and otherwise pushes that step.
 */
interface History {
  /** The URL of the entry before the current one; null when none, UNKNOWN when not known. */
  previous: string | null;
  /** The URL of the entry after the current one; null when none, UNKNOWN when not known. */
  next: string | null;
  /** The entry after was left by the page's Go back (Forward retraces it). */
  undone: boolean;
}

const NO_HISTORY: History = { previous: null, next: null, undone: false };

/** The history after `step`, which changed the page's URL from `before` to `after`. */
function historyAfter(step: WalkStep, history: History, before: string, after: string): History {
  switch (step.visit) {
    case 'typed':
    case 'reload':
      return NO_HISTORY;
    case 'back':
      // The entry left stays ahead; the one before it is not known here.
      return { previous: UNKNOWN, next: before, undone: false };
    case 'forward':
      return { previous: before, next: UNKNOWN, undone: false };
    case undefined:
      break;
  }
  if (before === after) {
    return { previous: history.previous, next: history.next, undone: history.undone };
  }
  if (step.event.type === 'nav.back' && step.direct !== true) {
    if (history.previous === after) return { previous: UNKNOWN, next: before, undone: true };
    if (history.previous === UNKNOWN) return { previous: UNKNOWN, next: UNKNOWN, undone: false };
  }
  // A new screen pushes its URL: nothing is ahead any more.
  return { previous: before, next: null, undone: false };
}

interface Position extends History {
  key: string;
  /**
   * The confirm screen holds a too-large photo: the model abstracts the chosen file away, but
   * the screen keeps it and sends it with Complete Profile.
   */
  bigPhoto: boolean;
}

/**
 * Whether the browser can take this step from `position`, and how: null when it cannot, with the
 * reason recorded.
 */
function browserStep(
  step: ModelStep,
  position: History & Pick<Position, 'bigPhoto'>,
  skip: (reason: string) => void,
  routeOf: (snapshot: Snapshot) => string,
): WalkStep | null {
  const { event, from } = step;
  if (!isUserEvent(event)) return step;
  const plan = planFor(step);
  if (plan.kind === 'notOffered') return { ...step, direct: true };
  if (plan.actions.some((action) => action.kind === 'reload')) return { ...step, visit: 'reload' };
  // The screen sends the too-large photo it still holds with Complete Profile: the same refusal
  // as the model's, when the model too still has the photo's error.
  if (
    event.type === 'profile.submit' &&
    event.photo === null &&
    position.bigPhoto &&
    from.context.errors.photo === undefined
  ) {
    skip('Complete Profile without the too-large photo the screen still holds');
    return null;
  }
  if (event.type !== 'nav.request') return step;
  const path = requestPath(event);
  // The step ahead, after Back or Go back: the Forward button.
  if (position.next === path && path !== routeOf(from)) return { ...step, visit: 'forward' };
  // A typed URL loads the page afresh and restores the last settled screen, cancelling a call in
  // flight: the model's step only when it leaves the calls behind anyway. Otherwise the Back
  // button changes the URL without a load.
  if (callsInFlight(from).length === 0 || callsInFlight(step.state).length === 0) {
    return { ...step, visit: 'typed' };
  }
  if (position.previous === path && path !== routeOf(from)) return { ...step, visit: 'back' };
  skip('a URL asked for while a call is in flight, other than the previous one (Back)');
  return null;
}

function transitionsOf(
  entry: AdjacencyValue<Snapshot, ModelStep['event']>,
): { event: ModelStep['event']; state: Snapshot }[] {
  return Object.values(entry.transitions);
}

function positionKey(position: Position): string {
  const { bigPhoto, previous, next, undone } = position;
  return `${bigPhoto ? 'B' : '-'}${undone ? 'U' : '-'}${previous ?? ''}|${next ?? ''}|${position.key}`;
}

/** The goal a Forward after Go back takes: one for each step Forward can retrace. */
function forwardGoal(ids: string[]): string {
  return `Forward after Go back: ${ids.join(', ')}`;
}

function bigPhotoAfter(step: ModelStep, before: boolean): boolean {
  const { event } = step;
  if (event.type === 'profile.photoSelected') {
    return event.photo !== null && event.photo.size > MAX_PHOTO_BYTES;
  }
  return step.state.status === 'active' && step.state.matches('confirm') ? before : false;
}

export interface Walks {
  walks: Walk[];
  /** Transitions only an event the UI must not offer reaches, sent to the flow directly. */
  direct: string[];
  /**
   * The browser's Forward right after the page's Go back, once for each step it retraces (by the
   * transition that takes the step again).
   */
  forward: string[];
  /** States the walks visit, and every state. */
  states: string[];
  skipped: Map<string, number>;
}

/** The deeper set's aim: a share of the model's feasible transition pairs (`pairs.ts`). */
export interface PairAim {
  feasible: ReadonlySet<string>;
  /** The share of `feasible` the walks are to take together, e.g. 0.5. */
  share: number;
}

/**
 * The walks (each at most `maxSteps` long, unless one transition needs more). With `pairs`, more
 * walks follow the covering ones, each heading for the nearest feasible transition pair not yet
 * taken, until the walks together take `pairs.share` of the feasible pairs.
 */
export function coveringWalks(maxSteps = 40, pairs: PairAim | null = null): Walks {
  const adjacency = new Map(Object.entries(createOnboardingTestModel().getAdjacencyMap()));
  const rootKey = adjacency.keys().next().value;
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  if (rootKey === undefined) {
    return { walks: [], direct: [], forward: [], states: [], skipped };
  }
  const taken = new WeakMap<Snapshot, Map<ModelStep['event'], string[]>>();
  const takenBy = (step: ModelStep) => {
    let byEvent = taken.get(step.from);
    if (byEvent === undefined) {
      byEvent = new Map();
      taken.set(step.from, byEvent);
    }
    let ids = byEvent.get(step.event);
    if (ids === undefined) {
      ids = stepTransitions(step);
      byEvent.set(step.event, ids);
    }
    return ids;
  };
  const keys = new WeakMap<Snapshot, string>();
  const keyOf = (snapshot: Snapshot) => {
    let key = keys.get(snapshot);
    if (key === undefined) {
      key = serializeModelState(snapshot);
      keys.set(snapshot, key);
    }
    return key;
  };

  type Edge = { step: WalkStep; to: Position; ids: string[] };
  const routes = new Map<Snapshot, string>();
  const routeOf = (snapshot: Snapshot) => {
    let route = routes.get(snapshot);
    if (route === undefined) {
      route = stateToRoute(snapshot);
      routes.set(snapshot, route);
    }
    return route;
  };
  const edgeCache = new Map<string, Edge[]>();
  /** The browser's steps from a position, with the position each leads to. */
  const edgesFrom = (position: Position): Edge[] => {
    const cached = edgeCache.get(positionKey(position));
    if (cached !== undefined) return cached;
    const entry = adjacency.get(position.key);
    const out: Edge[] = [];
    edgeCache.set(positionKey(position), out);
    if (entry === undefined) return out;
    for (const { event, state } of transitionsOf(entry)) {
      const model: ModelStep = { event, from: entry.state, state };
      const ids = takenBy(model);
      if (ids.length === 0) continue;
      const step = browserStep(model, position, skip, routeOf);
      if (step === null) continue;
      const history = historyAfter(step, position, routeOf(entry.state), routeOf(state));
      // Forward after Go back is a goal of the walks of its own, beside the transitions.
      const goals = step.visit === 'forward' && position.undone ? [forwardGoal(ids)] : [];
      out.push({
        step,
        to: { key: keyOf(state), ...history, bigPhoto: bigPhotoAfter(model, position.bigPhoto) },
        ids: [...ids, ...goals],
      });
    }
    return out;
  };

  /** The transitions and states reachable along the edges `usable` lets through. */
  const explore = (usable: (edge: Edge) => boolean) => {
    const reachable = new Set<string>();
    const states = new Set<string>();
    const seen = new Set<string>();
    const stack: Position[] = [{ key: rootKey, ...NO_HISTORY, bigPhoto: false }];
    while (stack.length > 0) {
      const position = stack.pop();
      if (position === undefined) break;
      if (seen.has(positionKey(position))) continue;
      seen.add(positionKey(position));
      for (const edge of edgesFrom(position)) {
        if (!usable(edge)) continue;
        for (const id of edge.ids) reachable.add(id);
        for (const id of activeStateIds(edge.step.state)) states.add(id);
        stack.push(edge.to);
      }
    }
    return { reachable, states };
  };
  // What a person reaches; then the events the UI must not offer, only where nothing else does.
  const byPerson = explore((edge) => edge.step.direct !== true).reachable;
  const usable = (edge: Edge) =>
    edge.step.direct !== true || edge.ids.some((id) => !byPerson.has(id));
  const { reachable, states } = explore(usable);
  const coverable = allTransitionIds().filter((id) => reachable.has(id));
  const direct = coverable.filter((id) => !byPerson.has(id));
  const forward = [...reachable].filter((id) => id.startsWith(forwardGoal([]))).sort();
  const uncovered = new Set([...coverable, ...forward]);

  /** Shortest sequence of steps from `start` ending with a step that takes something new. */
  const nearestNew = (start: Position) => {
    const parent = new Map<string, { from: string; edge: Edge } | null>([
      [positionKey(start), null],
    ]);
    const edgesTo = (key: string, last: Edge) => {
      const edges = [last];
      let link = parent.get(key) ?? null;
      while (link !== null) {
        edges.unshift(link.edge);
        link = parent.get(link.from) ?? null;
      }
      return {
        steps: edges.map((edge) => edge.step),
        ids: edges.flatMap((edge) => edge.ids),
        end: last.to,
      };
    };
    const queue = [start];
    for (let head = 0; head < queue.length; head += 1) {
      const position = queue[head];
      if (position === undefined) break;
      const key = positionKey(position);
      for (const edge of edgesFrom(position)) {
        if (!usable(edge)) continue;
        if (edge.ids.some((id) => uncovered.has(id))) return edgesTo(key, edge);
        const next = positionKey(edge.to);
        if (!parent.has(next)) {
          parent.set(next, { from: key, edge });
          queue.push(edge.to);
        }
      }
    }
    return null;
  };

  const walks: Walk[] = [];
  while (uncovered.size > 0) {
    let position: Position = { key: rootKey, ...NO_HISTORY, bigPhoto: false };
    const steps: WalkStep[] = [];
    for (;;) {
      const next = nearestNew(position);
      if (next === null || (steps.length > 0 && steps.length + next.steps.length > maxSteps)) break;
      steps.push(...next.steps);
      for (const id of next.ids) uncovered.delete(id);
      position = next.end;
    }
    if (steps.length === 0) break;
    walks.push({ description: steps.map((step) => describeEvent(step.event)).join(' -> '), steps });
  }
  if (pairs !== null) walks.push(...pairWalks(pairs));
  return { walks, direct, forward, states: [...states], skipped };

  /** The walks after the covering ones, for transition pairs (see `coveringWalks`). */
  function pairWalks({ feasible, share }: PairAim): Walk[] {
    const open = new Set(feasible);
    for (const walk of walks)
      for (const pair of pairsTaken(walk.steps.map(takenBy))) open.delete(pair);
    const aim = Math.ceil(feasible.size * share);
    const taken = () => feasible.size - open.size;
    // The edge's transitions, without the Forward goals beside them.
    const idsOf = (edge: Edge) => edge.ids.filter((id) => !id.startsWith(forwardGoal([])));
    const opens = (entered: readonly string[], edge: Edge) =>
      entered.some((a) => idsOf(edge).some((b) => open.has(pairName(a, b))));
    type Node = { position: Position; entered: string[] };
    const nodeKey = (node: Node) => `${positionKey(node.position)}#${node.entered.join('|')}`;
    /** Shortest sequence of edges from `start` whose last edge takes an open pair. */
    const nearestPair = (start: Node): Edge[] | null => {
      const parent = new Map<string, { from: string; edge: Edge } | null>([[nodeKey(start), null]]);
      const queue = [start];
      for (let head = 0; head < queue.length; head += 1) {
        const node = queue[head];
        if (node === undefined) break;
        const key = nodeKey(node);
        for (const edge of edgesFrom(node.position)) {
          if (!usable(edge)) continue;
          if (opens(node.entered, edge)) {
            const edges = [edge];
            let link = parent.get(key) ?? null;
            while (link !== null) {
              edges.unshift(link.edge);
              link = parent.get(link.from) ?? null;
            }
            return edges;
          }
          const next = { position: edge.to, entered: idsOf(edge) };
          if (!parent.has(nodeKey(next))) {
            parent.set(nodeKey(next), { from: key, edge });
            queue.push(next);
          }
        }
      }
      return null;
    };
    const more: Walk[] = [];
    while (taken() < aim) {
      let node: Node = {
        position: { key: rootKey ?? '', ...NO_HISTORY, bigPhoto: false },
        entered: [],
      };
      const steps: WalkStep[] = [];
      while (taken() < aim) {
        const next = nearestPair(node);
        if (next === null || (steps.length > 0 && steps.length + next.length > maxSteps)) break;
        for (const edge of next) {
          const ids = idsOf(edge);
          for (const a of node.entered) for (const b of ids) open.delete(pairName(a, b));
          steps.push(edge.step);
          node = { position: edge.to, entered: ids };
        }
      }
      if (steps.length === 0) break;
      more.push({
        description: steps.map((step) => describeEvent(step.event)).join(' -> '),
        steps,
      });
    }
    return more;
  }
}

/**
 * A saved path (a list of events) as a walk, its nav requests asked for as the walks ask for them:
 * Forward to the entry ahead, a typed URL, or Back while a call is in flight.
 */
export function walkFromPath(path: ModelPath): Walk {
  let history = NO_HISTORY;
  const steps = path.steps.map((step): WalkStep => {
    const { event } = step;
    const before = stateToRoute(step.from);
    const after = stateToRoute(step.state);
    const plan = isUserEvent(event) ? planFor(step) : null;
    let visit: Visit | undefined;
    if (event.type === 'nav.request') {
      const asked = requestPath(event);
      const settled =
        callsInFlight(step.from).length === 0 || callsInFlight(step.state).length === 0;
      visit = history.next === asked && asked !== before ? 'forward' : settled ? 'typed' : 'back';
    } else if (plan?.kind === 'person' && plan.actions.some((action) => action.kind === 'reload')) {
      visit = 'reload';
    }
    const walkStep: WalkStep = {
      ...step,
      ...(visit === undefined ? {} : { visit }),
      ...(plan?.kind === 'notOffered' ? { direct: true as const } : {}),
    };
    history = historyAfter(walkStep, history, before, after);
    return walkStep;
  });
  return { description: path.description, steps };
}
