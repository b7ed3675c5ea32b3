import { HOLD_WARNING_SECONDS } from '@app/contracts';
import {
  eventWords,
  type OnboardingEvent,
  type OnboardingSnapshot,
  onboardingMachine,
  selectHold,
  transitionId,
} from '@app/onboarding';
import {
  DELAY_EVENTS,
  MODEL_INPUT,
  type ModelEvent,
  modelEvents,
  serializeModelState,
} from '@app/onboarding/testing/events';
import { type EventObject, initialTransition, transition } from 'xstate';
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
  // Eventless transitions taken on arrival (the hold running out, a step sent back to team).
  const active = new Set((after._nodes ?? []).map((node) => node.id));
  for (const node of after._nodes ?? []) {
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
  if (holdExpiresAt !== null && now < holdExpiresAt) {
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
  for (const event of modelEvents(snapshot)) {
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
 * The shortest event path from the start to a snapshot in each state of the machine (breadth
 * first over the model's events, one visit per model state), for the gallery and for showing a
 * state picked on the diagram. Returns a map from chart state id.
 */
export function shortestPaths(limit = 4000): Map<string, PathTo> {
  const start = initialSnapshot();
  const found = new Map<string, PathTo>();
  const wanted = new Set(MACHINE_GRAPH.states.map((state) => state.id));
  const record = (path: PathTo) => {
    for (const node of path.snapshot._nodes ?? []) {
      const id = node.path.length === 0 ? MACHINE_GRAPH.root : node.path.join('.');
      if (!found.has(id)) found.set(id, path);
    }
  };
  const seen = new Set([serializeModelState(start)]);
  let frontier: PathTo[] = [{ snapshot: start, steps: [] }];
  record(frontier[0] ?? { snapshot: start, steps: [] });
  let visited = 0;
  while (frontier.length > 0 && found.size < wanted.size && visited < limit) {
    const next: PathTo[] = [];
    for (const path of frontier) {
      for (const event of modelEvents(path.snapshot)) {
        if (event.type === 'nav.request') continue;
        if (!path.snapshot.can(asMachineEvent(event)) && event.type !== 'clock.tick') continue;
        const taken = step(path.snapshot, event, eventWords(event.type, DELAYS));
        const key = serializeModelState(taken.after);
        if (seen.has(key)) continue;
        seen.add(key);
        visited += 1;
        const reached = { snapshot: taken.after, steps: [...path.steps, taken] };
        record(reached);
        next.push(reached);
      }
    }
    frontier = next;
  }
  return found;
}
