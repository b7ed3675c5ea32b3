import { MAX_PHOTO_BYTES } from '@app/contracts';
import { stateToRoute } from '@app/onboarding';
import {
  activeStateIds,
  allTransitionIds,
  createOnboardingTestModel,
  describeEvent,
  type ModelPath,
  type ModelStep,
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
 * How the browser loads or changes the page in a step: a typed URL (a page load), the Back button,
 * or a reload.
 */
export type Visit = 'typed' | 'back' | 'reload';

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

interface Position {
  key: string;
  /** The URL of the history entry before the current one, when known. */
  previous: string | null;
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
  position: Position,
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
  return `${position.bigPhoto ? 'B' : '-'}${position.previous ?? '?'}|${position.key}`;
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
  /** States the walks visit, and every state. */
  states: string[];
  skipped: Map<string, number>;
}

/** The walks (each at most `maxSteps` long, unless one transition needs more). */
export function coveringWalks(maxSteps = 40): Walks {
  const adjacency = new Map(Object.entries(createOnboardingTestModel().getAdjacencyMap()));
  const rootKey = adjacency.keys().next().value;
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  if (rootKey === undefined) {
    return { walks: [], direct: [], states: [], skipped };
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
      const before = routeOf(entry.state);
      const after = routeOf(state);
      // Back moves within the page only to an entry the page itself pushed: the entry before a
      // typed URL or a reload belongs to a page that was left, and Back would load it again.
      const previous =
        step.visit !== undefined ? null : before !== after ? before : position.previous;
      out.push({
        step,
        to: { key: keyOf(state), previous, bigPhoto: bigPhotoAfter(model, position.bigPhoto) },
        ids,
      });
    }
    return out;
  };

  /** The transitions and states reachable along the edges `usable` lets through. */
  const explore = (usable: (edge: Edge) => boolean) => {
    const reachable = new Set<string>();
    const states = new Set<string>();
    const seen = new Set<string>();
    const stack: Position[] = [{ key: rootKey, previous: null, bigPhoto: false }];
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
  const uncovered = new Set(coverable);

  /** Shortest sequence of steps from `start` ending with a step that takes something new. */
  const nearestNew = (start: Position) => {
    const parent = new Map<string, { from: string; step: WalkStep } | null>([
      [positionKey(start), null],
    ]);
    const stepsTo = (key: string, last: WalkStep) => {
      const steps = [last];
      let link = parent.get(key) ?? null;
      while (link !== null) {
        steps.unshift(link.step);
        link = parent.get(link.from) ?? null;
      }
      return steps;
    };
    const queue = [start];
    for (let head = 0; head < queue.length; head += 1) {
      const position = queue[head];
      if (position === undefined) break;
      const key = positionKey(position);
      for (const edge of edgesFrom(position)) {
        if (!usable(edge)) continue;
        if (edge.ids.some((id) => uncovered.has(id))) {
          return { steps: stepsTo(key, edge.step), end: edge.to };
        }
        const next = positionKey(edge.to);
        if (!parent.has(next)) {
          parent.set(next, { from: key, step: edge.step });
          queue.push(edge.to);
        }
      }
    }
    return null;
  };

  const walks: Walk[] = [];
  while (uncovered.size > 0) {
    let position: Position = { key: rootKey, previous: null, bigPhoto: false };
    const steps: WalkStep[] = [];
    for (;;) {
      const next = nearestNew(position);
      if (next === null || (steps.length > 0 && steps.length + next.steps.length > maxSteps)) break;
      steps.push(...next.steps);
      for (const step of next.steps) for (const id of takenBy(step)) uncovered.delete(id);
      position = next.end;
    }
    if (steps.length === 0) break;
    walks.push({ description: steps.map((step) => describeEvent(step.event)).join(' -> '), steps });
  }
  return { walks, direct, states: [...states], skipped };
}

/** A saved path (a list of events) as a walk: nav requests as typed URLs, or Back in a call. */
export function walkFromPath(path: ModelPath): Walk {
  let previous: string | null = null;
  const steps = path.steps.map((step): WalkStep => {
    const before = stateToRoute(step.from);
    const after = stateToRoute(step.state);
    const plan = isUserEvent(step.event) ? planFor(step) : null;
    let visit: Visit | undefined;
    if (step.event.type === 'nav.request') {
      visit = callsInFlight(step.from).length > 0 ? 'back' : 'typed';
    } else if (plan?.kind === 'person' && plan.actions.some((action) => action.kind === 'reload')) {
      visit = 'reload';
    }
    previous = visit !== undefined ? null : before !== after ? before : previous;
    return {
      ...step,
      ...(visit === undefined ? {} : { visit }),
      ...(plan?.kind === 'notOffered' ? { direct: true as const } : {}),
    };
  });
  return { description: path.description, steps };
}
