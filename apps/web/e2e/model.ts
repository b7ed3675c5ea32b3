import { MAX_PHOTO_BYTES } from '@app/contracts';
import { stateToRoute } from '@app/onboarding';
import {
  activeStateIds,
  allTransitionIds,
  createOnboardingTestModel,
  describeEvent,
  MODEL_ACTORS,
  type ModelPath,
  type ModelStep,
  serializeModelState,
  stepTransitions,
} from '@app/onboarding/testing';
import type { AdjacencyValue } from 'xstate/graph';
import { isUserEvent, planFor, requestPath } from '../src/onboarding/test/person.ts';

/**
 * Walks through the onboarding model for the built app in Chromium. Each walk heads for the
 * nearest transition not yet taken and goes on from there, so the shared beginnings (an area, a
 * role, the team search) are paid once per walk rather than once per transition. Together the
 * walks take every transition a person can cause; the ones only reachable through an event the
 * UI must not offer (`NOT_OFFERED` in src/onboarding/test/person.ts) are listed apart.
 */

type Snapshot = ModelStep['state'];

/** How the browser asks for a URL in a step: a typed URL (a page load) or the Back button. */
export type Visit = 'typed' | 'back';

export interface WalkStep extends ModelStep {
  /** For a `nav.request`: how the browser asks for the URL. */
  visit?: Visit;
}

export interface Walk {
  description: string;
  steps: WalkStep[];
}

/** Calls the model settles that are running in `snapshot`. */
export function pendingCalls(snapshot: Snapshot): string[] {
  if (snapshot.status !== 'active') return [];
  const children: Record<string, unknown> = snapshot.children;
  return MODEL_ACTORS.filter((actor) => children[actor] !== undefined);
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
  if (plan.kind === 'notOffered') {
    skip(`the UI must not offer it (${plan.rule.id})`);
    return null;
  }
  if (event.type === 'profile.submit' && event.photo === null && position.bigPhoto) {
    skip('Complete Profile without the too-large photo the screen still holds');
    return null;
  }
  if (event.type !== 'nav.request') return step;
  const path = requestPath(event);
  // A typed URL loads the page afresh and restores the last settled screen, cancelling a call in
  // flight: the model's step only when it leaves the calls behind anyway. Otherwise the Back
  // button changes the URL without a load.
  if (pendingCalls(from).length === 0 || pendingCalls(step.state).length === 0) {
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
  /** Transitions a person can cause in the browser: the walks take all of them. */
  coverable: string[];
  /** Transitions only an event the UI must not offer reaches. */
  notOffered: string[];
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
    return { walks: [], coverable: [], notOffered: allTransitionIds(), states: [], skipped };
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
      // typed URL belongs to the page that was left, and Back would load that page again.
      const previous =
        step.visit === 'back' || step.visit === 'typed'
          ? null
          : before !== after
            ? before
            : position.previous;
      out.push({
        step,
        to: { key: keyOf(state), previous, bigPhoto: bigPhotoAfter(model, position.bigPhoto) },
        ids,
      });
    }
    return out;
  };

  // What the browser can reach at all, and what only refused events reach.
  const reachable = new Set<string>();
  const seen = new Set<string>();
  const stack: Position[] = [{ key: rootKey, previous: null, bigPhoto: false }];
  const states = new Set<string>();
  while (stack.length > 0) {
    const position = stack.pop();
    if (position === undefined) break;
    if (seen.has(positionKey(position))) continue;
    seen.add(positionKey(position));
    for (const edge of edgesFrom(position)) {
      for (const id of edge.ids) reachable.add(id);
      for (const id of activeStateIds(edge.step.state)) states.add(id);
      stack.push(edge.to);
    }
  }
  const coverable = allTransitionIds().filter((id) => reachable.has(id));
  const notOffered = allTransitionIds().filter((id) => !reachable.has(id));
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
  return { walks, coverable, notOffered, states: [...states], skipped };
}

/** A saved path (a list of events) as a walk: nav requests as typed URLs, or Back in a call. */
export function walkFromPath(path: ModelPath): Walk {
  let previous: string | null = null;
  const steps = path.steps.map((step): WalkStep => {
    const before = stateToRoute(step.from);
    const after = stateToRoute(step.state);
    let visit: Visit | undefined;
    if (step.event.type === 'nav.request') {
      visit = pendingCalls(step.from).length > 0 ? 'back' : 'typed';
    }
    previous = visit === 'back' || visit === 'typed' ? null : before !== after ? before : previous;
    return visit === undefined ? step : { ...step, visit };
  });
  return { description: path.description, steps };
}
