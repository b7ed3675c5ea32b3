/**
 * The onboarding machine's model: `@app/statechart-tools/testing` bound to the machine and the
 * world in `events.ts`. The same paths drive the machine alone (`model.test.ts`), the React app in
 * jsdom and the built app in Chromium (apps/web) through a driver: see `runModelPath`.
 */
import * as kit from '@app/statechart-tools/testing';
import type { ActorLogic, EventObject } from 'xstate';
import { onboardingMachine } from '../index.ts';
import type { OnboardingSnapshot } from '../selectors.ts';
import type { OnboardingEvent, OnboardingInput } from '../types.ts';
import {
  MODEL_ACTORS,
  MODEL_INPUT,
  type ModelActor,
  type ModelEvent,
  modelEvents,
  serializeModelState,
} from './events.ts';

export * from './events.ts';

/**
 * The machine's internal events (actor done/error, delays) travel through `transition` like its own
 * events; this only widens the declared event type for the graph tools.
 */
function isMachineEvent(event: EventObject): event is OnboardingEvent {
  return typeof event.type === 'string';
}

function toMachineEvent(event: EventObject): OnboardingEvent {
  if (!isMachineEvent(event)) throw new Error(`Not an event: ${JSON.stringify(event)}`);
  return event;
}

/** The real machine, seen as logic taking the model's events. */
export const modelLogic: ActorLogic<OnboardingSnapshot, ModelEvent, OnboardingInput> = {
  config: onboardingMachine.config,
  transition: (snapshot, event, scope) =>
    onboardingMachine.transition(snapshot, toMachineEvent(event), scope),
  getInitialSnapshot: (scope, input) => onboardingMachine.getInitialSnapshot(scope, input),
  getPersistedSnapshot: (snapshot) => onboardingMachine.getPersistedSnapshot(snapshot),
};

export type ModelStep = kit.ModelStep<OnboardingSnapshot, ModelEvent>;
export type ModelPath = kit.ModelPath<OnboardingSnapshot, ModelEvent>;
export type ModelDriver = kit.ModelDriver<
  OnboardingSnapshot,
  ModelEvent,
  ModelActor,
  OnboardingEvent
>;

/**
 * The hold's clock ticks stand for time passing: straight from counting to expired means no tick
 * came while the hold was ending, so time jumps.
 */
function elapsed(step: ModelStep): { ms: number; jump: boolean } | null {
  const { event } = step;
  if (event.type !== 'clock.tick' || !('now' in event)) return null;
  const jump =
    step.from.matches({ matched: { hold: { live: 'counting' } } }) &&
    step.state.matches({ matched: { hold: 'expired' } });
  return { ms: event.now - step.from.context.now, jump };
}

export const ONBOARDING_MODEL = {
  machine: onboardingMachine,
  logic: modelLogic,
  input: MODEL_INPUT,
  events: modelEvents,
  serializeState: serializeModelState,
  actors: MODEL_ACTORS,
  toMachineEvent,
  elapsed,
} satisfies kit.ModelSpec<
  OnboardingSnapshot,
  ModelEvent,
  OnboardingInput,
  ModelActor,
  OnboardingEvent
>;

export type OnboardingTestModel = ReturnType<typeof createOnboardingTestModel>;

export function createOnboardingTestModel() {
  return kit.createTestModel(ONBOARDING_MODEL);
}

export const getCoveringPaths = (model?: OnboardingTestModel): ModelPath[] =>
  kit.getCoveringPaths(ONBOARDING_MODEL, model);

export const runModelPath = (path: ModelPath, driver: ModelDriver): Promise<void> =>
  kit.runModelPath(ONBOARDING_MODEL, path, driver);

export const delayMs = (event: kit.DelayEvent): number => kit.delayMs(onboardingMachine, event);

export type ModelEdge = kit.ModelEdge<OnboardingSnapshot, ModelEvent>;
export type ModelGraph = kit.ModelGraph<OnboardingSnapshot, ModelEvent>;

export const modelGraph = (model?: OnboardingTestModel): ModelGraph =>
  kit.modelGraph(ONBOARDING_MODEL, model);

export const feasiblePairs = (graph: ModelGraph = modelGraph()): Set<string> =>
  kit.feasiblePairs(graph);

export const pairCoverage = (
  runs: Iterable<Iterable<readonly string[]>>,
  feasible: ReadonlySet<string> = feasiblePairs(),
): kit.PairCoverage => kit.pairCoverage(runs, feasible);

export const twoSwitchCoverage = (paths: readonly ModelPath[], model?: OnboardingTestModel) =>
  kit.twoSwitchCoverage(ONBOARDING_MODEL, paths, model);

export const pairCoveringPaths = (model?: OnboardingTestModel, maxSteps?: number): ModelPath[] =>
  kit.pairCoveringPaths(ONBOARDING_MODEL, model, maxSteps);

export const readReplay = (file: string): ModelEvent[] => kit.readReplay<ModelEvent>(file);

export const pathFromEvents = (events: readonly ModelEvent[], model?: OnboardingTestModel) =>
  kit.pathFromEvents(ONBOARDING_MODEL, events, model);

export const shortestPathTo = (
  from: OnboardingSnapshot,
  event: ModelEvent,
  model?: OnboardingTestModel,
) => kit.shortestPathTo(ONBOARDING_MODEL, from, event, model);
