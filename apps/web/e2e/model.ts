import { MAX_PHOTO_BYTES } from '@app/contracts';
import { type OnboardingEvent, onboardingMachine } from '@app/onboarding';
import {
  createOnboardingTestModel,
  MODEL_ACTORS,
  MODEL_DATA,
  type ModelPath,
  type ModelStep,
  serializeModelState,
  transitionName,
} from '@app/onboarding/testing';
import type { EventObject } from 'xstate';
import type { AdjacencyValue } from 'xstate/graph';

/**
 * Which of the machine's model-based paths the real app can replay in Chromium against the real
 * site server. The server answers every call itself, so a path is kept only when each answer the
 * model assumes is one the real server gives, and each user event is one the screens can send.
 */

type Snapshot = ModelStep['state'];

/** Calls the model settles that are running in `snapshot`. */
export function pendingCalls(snapshot: Snapshot): string[] {
  const children: Record<string, unknown> = snapshot.children;
  return MODEL_ACTORS.filter((actor) => children[actor] !== undefined);
}

/** Answers of the real server that match the model's fixed ones. */
function realAnswer(actor: string, output: unknown): boolean {
  switch (actor) {
    case 'fetchTeam':
      // Seeded teams have Active members; a team without members never comes back.
      return output === MODEL_DATA.team;
    case 'createUser':
      // A new address on a team with room: the join request is sent.
      return output === MODEL_DATA.userWithJoinRequest;
    case 'fetchNextBookingDate':
      return output === MODEL_DATA.bookingDate;
    default:
      return true;
  }
}

/** Screens that draw no Go back (the machine ignores nav.back there, or the screen has none). */
const NO_BACK_LINK = ['category', 'confirm', 'no', 'thankYou', 'noThankYou', 'maybeSubmitted'];

function screenOf(snapshot: Snapshot): string {
  const value = JSON.stringify(snapshot.value);
  return NO_BACK_LINK.find((name) => value.includes(`"${name}"`)) ?? '';
}

/** Why the browser cannot replay this step against the real server, or null when it can. */
export function stepUnsupported(step: ModelStep): string | null {
  const { event, from, state } = step;
  const type = event.type;
  if (type.startsWith('xstate.after.')) {
    return 'needs a team search slower than 10 s (the sample team)';
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done !== null) {
    const output = 'output' in event ? event.output : undefined;
    return realAnswer(done[1] ?? '', output) ? null : `needs a faked ${done[1]} answer`;
  }
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (failed !== null) {
    const error = 'error' in event ? event.error : undefined;
    // An address already in use is the one failure the real server gives on demand.
    if (failed[1] === 'createUser' && error === MODEL_DATA.httpError) return null;
    return `needs a failing ${failed[1]} call`;
  }
  if (pendingCalls(from).length > 0) {
    return 'acts while a call is in flight (the real server answers within milliseconds)';
  }
  switch (event.type) {
    case 'team.choose':
      return ['yes', 'maybe', 'no'].includes(event.choice)
        ? null
        : 'the team screen offers only Yes, Maybe and No thanks';
    case 'role.submit':
      if (event.value === '' && (from.context.focusArea ?? '') !== '') {
        return 'a chosen role cannot be unchosen';
      }
      if (event.value !== '' && from.context.category !== 'work') {
        return `'${event.value}' is not an option of ${from.context.category}`;
      }
      return null;
    case 'nav.back': {
      const moves = JSON.stringify(from.value) !== JSON.stringify(state.value);
      return moves && screenOf(from) !== '' ? 'the screen has no Go back' : null;
    }
    default:
      return null;
  }
}

function describe(steps: readonly ModelStep[]): string {
  return steps
    .map(({ event }) => {
      const { type, ...rest } = event;
      const detail = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
      return `${type}${detail}`;
    })
    .join(' -> ');
}

type ModelEvent = ModelStep['event'];

function transitionsOf(
  entry: AdjacencyValue<Snapshot, ModelEvent>,
): { event: ModelEvent; state: Snapshot }[] {
  return Object.values(entry.transitions);
}

export function pathUnsupported(path: ModelPath): string | null {
  for (const step of path.steps) {
    const reason = stepUnsupported(step);
    if (reason !== null) return reason;
  }
  return null;
}

/** The model's internal events (actor answers, delays) go through the machine like its own. */
function isMachineEvent(event: EventObject): event is OnboardingEvent {
  return typeof event.type === 'string';
}

/** The machine's transitions a step takes (none when the machine ignores the event). */
export function transitionsTaken(step: ModelStep): string[] {
  if (!isMachineEvent(step.event)) return [];
  return onboardingMachine.getTransitionData(step.from, step.event).map(transitionName);
}

/**
 * Walks through the model's graph, over replayable steps only, that together take every machine
 * transition the real server can produce: each walk heads for the nearest transition not yet taken
 * (breadth first) and goes on from there, up to `maxSteps` steps, so the shared beginnings (pick
 * an area, a role, wait for the team) are paid once per walk rather than once per transition.
 */
export function coveringWalks(maxSteps = 40): {
  walks: ModelPath[];
  skipped: Map<string, number>;
  coverable: number;
} {
  const adjacency = new Map(Object.entries(createOnboardingTestModel().getAdjacencyMap()));
  const rootKey = adjacency.keys().next().value;
  const skipped = new Map<string, number>();
  if (rootKey === undefined) return { walks: [], skipped, coverable: 0 };
  const edges = new Map<string, { step: ModelStep; to: string; taken: string[] }[]>();
  const uncovered = new Set<string>();
  for (const [key, entry] of adjacency) {
    const out: { step: ModelStep; to: string; taken: string[] }[] = [];
    for (const { event, state } of transitionsOf(entry)) {
      const step: ModelStep = { event, from: entry.state, state };
      const reason = stepUnsupported(step);
      if (reason !== null) {
        skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
        continue;
      }
      const taken = transitionsTaken(step);
      if (taken.length === 0) continue;
      for (const name of taken) uncovered.add(name);
      out.push({ step, to: serializeModelState(state), taken });
    }
    edges.set(key, out);
  }
  // Only what can be reached from the start counts.
  const reachable = new Set<string>([rootKey]);
  const frontier = [rootKey];
  const reachableNames = new Set<string>();
  while (frontier.length > 0) {
    const key = frontier.pop() ?? rootKey;
    for (const edge of edges.get(key) ?? []) {
      for (const name of edge.taken) reachableNames.add(name);
      if (!reachable.has(edge.to)) {
        reachable.add(edge.to);
        frontier.push(edge.to);
      }
    }
  }
  for (const name of [...uncovered]) if (!reachableNames.has(name)) uncovered.delete(name);
  const coverable = uncovered.size;

  /**
   * The screen keeps the photo a visitor chose and sends it with Complete Profile, while the model
   * abstracts it away: after a too-large photo, a submit "without a photo" is not what the browser
   * does. The walks carry that one fact beside the model's state.
   */
  const bigPhotoAfter = (step: ModelStep, big: boolean): boolean | null => {
    const { event } = step;
    if (event.type === 'profile.photoSelected') {
      return event.photo !== null && event.photo.size > MAX_PHOTO_BYTES;
    }
    if (event.type === 'profile.submit' && big && event.photo === null) return null;
    return big;
  };

  /** Shortest sequence of steps from `start` ending with a step that takes something new. */
  const nearestNew = (
    start: string,
    startBig: boolean,
  ): { steps: ModelStep[]; end: string; big: boolean } | null => {
    const node = (key: string, big: boolean) => `${big ? 'B' : '-'}${key}`;
    const via = new Map<string, ModelStep[]>([[node(start, startBig), []]]);
    const queue: [string, boolean][] = [[start, startBig]];
    while (queue.length > 0) {
      const [key, big] = queue.shift() ?? [start, startBig];
      const sofar = via.get(node(key, big)) ?? [];
      for (const edge of edges.get(key) ?? []) {
        const nextBig = bigPhotoAfter(edge.step, big);
        if (nextBig === null) {
          skippedSubmits += 1;
          continue;
        }
        if (edge.taken.some((name) => uncovered.has(name))) {
          return { steps: [...sofar, edge.step], end: edge.to, big: nextBig };
        }
        if (!via.has(node(edge.to, nextBig))) {
          via.set(node(edge.to, nextBig), [...sofar, edge.step]);
          queue.push([edge.to, nextBig]);
        }
      }
    }
    return null;
  };

  let skippedSubmits = 0;
  const walks: ModelPath[] = [];
  while (uncovered.size > 0) {
    let key = rootKey;
    let big = false;
    const steps: ModelStep[] = [];
    for (;;) {
      const next = nearestNew(key, big);
      if (next === null || (steps.length > 0 && steps.length + next.steps.length > maxSteps)) break;
      steps.push(...next.steps);
      for (const step of next.steps)
        for (const name of transitionsTaken(step)) uncovered.delete(name);
      key = next.end;
      big = next.big;
    }
    if (steps.length === 0) break;
    walks.push({ description: describe(steps), steps });
  }
  if (skippedSubmits > 0) {
    skipped.set(
      'Complete Profile without the too-large photo the screen still holds',
      skippedSubmits,
    );
  }
  return { walks, skipped, coverable };
}
