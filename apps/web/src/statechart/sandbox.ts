import { HOLD_WARNING_SECONDS, UPLOADS_PATH } from '@app/contracts';
import {
  type OnboardingEvent,
  type OnboardingSnapshot,
  onboardingMachine,
  selectHold,
} from '@app/onboarding';
import {
  DELAY_EVENTS,
  MODEL_INPUT,
  type ModelEvent,
  modelEvents,
  serializeModelState,
} from '@app/onboarding/testing/events';
import { eventWords, transitionId } from '@app/statechart-tools';
import { type EventObject, initialTransition, type StateNode, transition } from 'xstate';
import { MACHINE_GRAPH } from './views.ts';

/**
 * The simulator: a sandbox copy of the real machine, stepped with the machine's own pure
 * `transition` function. Nothing runs: no call is made (a call's answer is an event the designer
 * picks), no timer starts (time moves when the designer moves the clock), and the effects the
 * app would perform (toasts, storage) are only listed.
 */

const DELAYS: Record<string, unknown> = onboardingMachine.implementations.delays;
const BY_COVERAGE_ID = new Map(MACHINE_GRAPH.transitions.map((t) => [t.coverageId, t]));

function isMachineEvent(event: EventObject): event is OnboardingEvent {
  return typeof event.type === 'string';
}

function asMachineEvent(event: ModelEvent): OnboardingEvent {
  if (!isMachineEvent(event)) throw new Error('not an event');
  return event;
}

/** The tracker's seed uploads: the model kit's members have photos there, which no site serves. */
const UNSERVED_PHOTOS = `${UPLOADS_PATH}/seed/`;
const shown = new WeakMap<ModelEvent, ModelEvent>();

function servedPhoto(member: unknown): unknown {
  if (typeof member !== 'object' || member === null || !('photo' in member)) return member;
  const { photo } = member;
  return typeof photo === 'string' && photo.startsWith(UNSERVED_PHOTOS)
    ? { ...member, photo: null }
    : member;
}

/**
 * The model kit's events, as the sandbox offers them: a team's members whose photo no site serves
 * are members without a photo (the screen draws its placeholder), so the real screens load no
 * missing picture.
 */
function sandboxEvents(snapshot: OnboardingSnapshot): ModelEvent[] {
  return modelEvents(snapshot).map((event) => {
    const known = shown.get(event);
    if (known !== undefined) return known;
    let result = event;
    if ('output' in event && typeof event.output === 'object' && event.output !== null) {
      const output: object = event.output;
      if ('members' in output && Array.isArray(output.members)) {
        result = { ...event, output: { ...output, members: output.members.map(servedPhoto) } };
      }
    }
    shown.set(event, result);
    return result;
  });
}

export function initialSnapshot(): OnboardingSnapshot {
  return initialTransition(onboardingMachine, MODEL_INPUT)[0];
}

export interface SimStep {
  event: ModelEvent;
  /** What the button said. */
  label: string;
  before: OnboardingSnapshot;
  after: OnboardingSnapshot;
  /** Ids of the chart's transitions taken (eventless ones that followed included). */
  taken: string[];
  /** The effects the app would perform: toasts shown, values stored, analytics sent. */
  effects: string[];
}

function effectText(action: { type: string; params?: unknown }): string | null {
  const params =
    typeof action.params === 'object' && action.params !== null
      ? (action.params as Record<string, unknown>)
      : {};
  if (action.type === 'showToast') {
    const title = typeof params.title === 'string' ? params.title : '';
    const description = typeof params.description === 'string' ? `: ${params.description}` : '';
    return `Toast “${title}”${description}`;
  }
  if (action.type === 'saveToStorage') {
    const values = params.values;
    const keys = typeof values === 'object' && values !== null ? Object.keys(values) : [];
    return `Stored ${keys.join(', ')}`;
  }
  if (action.type === 'track') return `Analytics ${String(params.event ?? '')}`;
  return null;
}

/** The chart transitions `event` takes from `snapshot`, then the eventless ones that follow. */
function takenTransitions(before: OnboardingSnapshot, event: ModelEvent): string[] {
  const ids = onboardingMachine
    .getTransitionData(before, asMachineEvent(event))
    .map((definition) => BY_COVERAGE_ID.get(transitionId(definition))?.id)
    .filter((id): id is string => id !== undefined);
  return ids;
}

export function step(before: OnboardingSnapshot, event: ModelEvent, label: string): SimStep {
  const [after, actions] = transition(onboardingMachine, before, asMachineEvent(event));
  const taken = takenTransitions(before, event);
  // Eventless transitions taken on arrival (the hold running out, its last minute starting, a step
  // sent back to team): from a state active before or after, into one only active after.
  const active = new Set((after._nodes ?? []).map((node) => node.id));
  for (const node of new Set([...(before._nodes ?? []), ...(after._nodes ?? [])])) {
    for (const definition of node.always ?? []) {
      const chart = BY_COVERAGE_ID.get(transitionId(definition));
      if (chart === undefined) continue;
      const target = definition.target?.[0];
      if (target !== undefined && active.has(target.id) && !taken.includes(chart.id)) {
        const wasActive = (before._nodes ?? []).some((n) => n.id === target.id);
        if (!wasActive) taken.push(chart.id);
      }
    }
  }
  const effects = actions
    .map((action) => effectText(action))
    .filter((text): text is string => text !== null);
  return { event, label, before, after, taken, effects };
}

/* ------------------------------------------------------------------ */
/* The buttons                                                          */
/* ------------------------------------------------------------------ */

export interface GuardCheck {
  /** The guard in words. */
  guard: string;
  passes: boolean;
}

export interface SimChoice {
  event: ModelEvent;
  /** The event in words, with its preset payload in words. */
  label: string;
  /** Where it leads, in words (`to goal`, `stays`). */
  outcome: string;
  /** The guards of the transitions the event could take, and whether each passes now. */
  guards: GuardCheck[];
  kind: 'action' | 'call' | 'clock';
}

function payloadWords(event: ModelEvent): string {
  const { type, ...rest } = event;
  if (type.startsWith('xstate.done.actor.')) return '';
  if (type.startsWith('xstate.error.actor.')) return '';
  const values = Object.entries(rest)
    .filter(([key]) => key !== 'output' && key !== 'error')
    .map(([key, value]) => {
      if (typeof value === 'string') return value.trim() === '' ? `${key} blank` : `“${value}”`;
      if (typeof value === 'object' && value !== null && 'size' in value) {
        const size = Number(value.size);
        return `photo ${(size / 1024 / 1024).toFixed(1)} MB`;
      }
      return value === null ? `no ${key}` : String(value);
    });
  return values.join(', ');
}

function outcomeWords(before: OnboardingSnapshot, after: OnboardingSnapshot): string {
  if (after.status === 'done') return `ends at ${leafTitle(after)}`;
  const from = JSON.stringify(before.value);
  const to = JSON.stringify(after.value);
  const holdBefore = selectHold(before).status;
  const holdAfter = selectHold(after).status;
  const hold = holdBefore === holdAfter ? '' : `, hold ${holdAfter}`;
  if (leafTitle(before) !== leafTitle(after)) return `to ${leafTitle(after)}${hold}`;
  if (hold !== '') return `stays${hold}`;
  if (from === to) {
    const errors = Object.values(after.context.errors).filter(Boolean);
    return errors.length > 0 ? 'stays, shows an error' : 'stays';
  }
  return `to ${leafTitle(after)}`;
}

/**
 * The innermost step state of a snapshot, as the chart names it (the hold region aside; the
 * parallel fetches of the team search named by the state that holds them).
 */
export function leafTitle(snapshot: OnboardingSnapshot): string {
  const ids = (snapshot._nodes ?? [])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'))
    .filter((id) => !id.startsWith('matched.hold'));
  const [first, ...rest] = ids;
  if (first === undefined) return JSON.stringify(snapshot.value);
  let common = first.split('.');
  for (const id of rest) {
    const parts = id.split('.');
    let same = 0;
    while (same < common.length && common[same] === parts[same]) same += 1;
    common = common.slice(0, same);
  }
  return common.join('.');
}

function guardChecks(before: OnboardingSnapshot, event: ModelEvent, taken: string[]): GuardCheck[] {
  const active = new Set(
    (before._nodes ?? []).map((node) => node.path.join('.') || MACHINE_GRAPH.root),
  );
  const candidates = MACHINE_GRAPH.transitions.filter(
    (t) => active.has(t.source) && t.eventType === event.type,
  );
  const checks: GuardCheck[] = [];
  for (const candidate of candidates) {
    if (candidate.guard === null || candidate.guard === 'otherwise') {
      if (taken.includes(candidate.id)) break;
      continue;
    }
    const passes = taken.includes(candidate.id);
    checks.push({ guard: candidate.guard, passes });
    if (passes) break;
  }
  return checks;
}

/** Clock ticks worth offering: to the hold's warning, to its end, and a little further. */
function clockChoices(snapshot: OnboardingSnapshot): { event: ModelEvent; label: string }[] {
  const { holdExpiresAt, now } = snapshot.context;
  const choices: { event: ModelEvent; label: string }[] = [];
  // Only while a team is shown: past the team steps the hold no longer matters.
  if (snapshot.matches('matched') && holdExpiresAt !== null && now < holdExpiresAt) {
    const warning = holdExpiresAt - HOLD_WARNING_SECONDS * 1000;
    if (now < warning) {
      choices.push({
        event: { type: 'clock.tick', now: warning },
        label: "Jump to the hold's warning",
      });
    }
    choices.push({
      event: { type: 'clock.tick', now: holdExpiresAt },
      label: "Jump to the hold's end",
    });
  }
  for (const delay of DELAY_EVENTS) {
    if (!snapshot.matches('matching')) continue;
    choices.push({
      event: delay,
      label: `Past the ${eventWords(delay.type, DELAYS).replace('after ', '')} time-out`,
    });
  }
  choices.push({ event: { type: 'clock.tick', now: now + 60_000 }, label: 'One minute later' });
  return choices;
}

/** Every event the sandbox can take now, with preset payloads and where each leads. */
export function choicesFor(snapshot: OnboardingSnapshot): SimChoice[] {
  if (snapshot.status !== 'active') return [];
  const choices: SimChoice[] = [];
  const seen = new Set<string>();
  const add = (event: ModelEvent, label: string, kind: SimChoice['kind']) => {
    const key = JSON.stringify(event);
    if (seen.has(key)) return;
    seen.add(key);
    if (event.type === 'clock.tick') {
      const result = step(snapshot, event, label);
      choices.push({
        event,
        label,
        outcome: outcomeWords(snapshot, result.after),
        guards: [],
        kind,
      });
      return;
    }
    if (!snapshot.can(asMachineEvent(event))) return;
    const result = step(snapshot, event, label);
    if (result.taken.length === 0) return;
    choices.push({
      event,
      label,
      outcome: outcomeWords(snapshot, result.after),
      guards: guardChecks(snapshot, event, result.taken),
      kind,
    });
  };
  for (const event of sandboxEvents(snapshot)) {
    // URL requests are the router's business; the clock has its own controls.
    if (event.type === 'nav.request' || event.type === 'clock.tick') continue;
    if (event.type.startsWith('xstate.after.')) continue;
    const call = event.type.startsWith('xstate.');
    const words = eventWords(event.type, DELAYS);
    const payload = payloadWords(event);
    const detail =
      call && 'output' in event
        ? ` (${JSON.stringify(event.output).slice(0, 40)})`
        : payload === ''
          ? ''
          : ` (${payload})`;
    add(event, `${words}${detail}`, call ? 'call' : 'action');
  }
  for (const { event, label } of clockChoices(snapshot)) add(event, label, 'clock');
  return choices;
}

/* ------------------------------------------------------------------ */
/* Shortest paths to every state                                        */
/* ------------------------------------------------------------------ */

export interface PathTo {
  snapshot: OnboardingSnapshot;
  steps: SimStep[];
}

/**
 * What an event costs on a path: the calls answering is the flow as a prospect meets it; a time-out
 * or a failed call is a detour, taken only where nothing else leads. So the team step is reached
 * with a real team and a held seat (the 10 s time-out would be fewer steps, but shows the sample
 * team, which holds no seat).
 */
export const DETOUR_COST = 10;
function eventCost(event: ModelEvent): number {
  return event.type.startsWith('xstate.after.') || event.type.startsWith('xstate.error.actor.')
    ? DETOUR_COST
    : 1;
}

/** A state the machine always leaves at once (an eventless transition without a guard): no path rests there. */
function isTransient(id: string): boolean {
  let node: StateNode<OnboardingSnapshot['context'], OnboardingEvent> | undefined =
    onboardingMachine.root;
  for (const key of id === MACHINE_GRAPH.root ? [] : id.split('.')) node = node?.states[key];
  return (node?.always ?? []).some((definition) => definition.guard === undefined);
}

/**
 * The cheapest event path from the start to a snapshot in each state of the machine (Dijkstra over
 * the model's events with `eventCost`, one visit per model state; among paths of one cost, the
 * events in the model's order), for the gallery and for showing a state picked on the diagram.
 * Returns a map from chart state id.
 */
export function shortestPaths(limit = 4000): Map<string, PathTo> {
  const start = initialSnapshot();
  const found = new Map<string, PathTo>();
  const wanted = new Set(
    MACHINE_GRAPH.states.map((state) => state.id).filter((id) => !isTransient(id)),
  );
  const record = (path: PathTo) => {
    for (const node of path.snapshot._nodes ?? []) {
      const id = node.path.length === 0 ? MACHINE_GRAPH.root : node.path.join('.');
      if (!found.has(id)) found.set(id, path);
    }
  };
  /** Paths waiting, by cost: every event costs at least 1, so a bucket only grows before its turn. */
  const buckets: PathTo[][] = [[{ snapshot: start, steps: [] }]];
  const best = new Map([[serializeModelState(start), 0]]);
  const settled = new Set<string>();
  let visited = 0;
  for (let cost = 0; cost < buckets.length; cost += 1) {
    for (const path of buckets[cost] ?? []) {
      if (found.size >= wanted.size || visited >= limit) return found;
      const key = serializeModelState(path.snapshot);
      if (settled.has(key)) continue;
      settled.add(key);
      visited += 1;
      record(path);
      for (const event of sandboxEvents(path.snapshot)) {
        if (event.type === 'nav.request') continue;
        if (!path.snapshot.can(asMachineEvent(event)) && event.type !== 'clock.tick') continue;
        const taken = step(path.snapshot, event, eventWords(event.type, DELAYS));
        const next = serializeModelState(taken.after);
        const total = cost + eventCost(event);
        if (settled.has(next) || (best.get(next) ?? Number.POSITIVE_INFINITY) <= total) continue;
        best.set(next, total);
        const bucket = buckets[total] ?? [];
        bucket.push({ snapshot: taken.after, steps: [...path.steps, taken] });
        buckets[total] = bucket;
      }
    }
  }
  return found;
}

/** Shortest paths to every state: computed once, the first time the studio needs them. */
let pathCache: Map<string, PathTo> | null = null;
export function pathsToStates(): Map<string, PathTo> {
  pathCache ??= shortestPaths();
  return pathCache;
}
