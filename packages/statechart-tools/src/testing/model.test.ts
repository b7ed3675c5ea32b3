import { createIntervalClock, type OnboardingActorTypes, onboardingMachine } from '@app/onboarding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import {
  allStateNodes,
  allTransitionIds,
  emptyCoverage,
  formatCoverage,
  missingStates,
  missingTransitions,
  writeCoverage,
} from './coverage.ts';
import {
  createOnboardingTestModel,
  getCoveringPaths,
  MODEL_ACTORS,
  MODEL_INPUT,
  MODEL_START,
  type ModelActor,
  type ModelDriver,
  runModelPath,
  stepTransitions,
  twoSwitchCoverage,
} from './model.ts';
import { transitionId } from './transition-id.ts';

const model = createOnboardingTestModel();
const paths = getCoveringPaths(model);
const allStates = allStateNodes().map((node) => node.id);
const coverage = emptyCoverage('machine');
const takenTransitions = coverage.transitions;
const visitedStates = coverage.states;
/** What the pure step computation (used by the UI levels) says each path takes. */
const predicted = new Set<string>();

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The real machine with every call held open until the path settles it, on simulated time. */
function startSystem() {
  const pending = new Map<ModelActor, Pending>();
  // Keyed by the invoke's id (`self.id`): one actor logic serves several invokes (the three
  // lists, the first hold and the retake).
  const deferred = <K extends keyof OnboardingActorTypes>(_src: K) =>
    fromPromise<OnboardingActorTypes[K]['output'], OnboardingActorTypes[K]['input']>(
      ({ self }) =>
        new Promise((resolve, reject) => {
          const name = MODEL_ACTORS.find((actor) => actor === self.id);
          // The model's answers are the typed outputs of MODEL_DATA, seen through the path.
          const settle = (output: unknown) => resolve(output as OnboardingActorTypes[K]['output']);
          if (name !== undefined) pending.set(name, { resolve: settle, reject });
        }),
    );
  const machine = onboardingMachine.provide({
    actors: {
      submitOnboarding: deferred('submitOnboarding'),
      fetchList: deferred('fetchList'),
      fetchTeam: deferred('fetchTeam'),
      createHold: deferred('createHold'),
      extendHold: deferred('extendHold'),
      releaseHold: fromPromise<unknown, { holdId: string }>(async () => undefined),
      createUser: deferred('createUser'),
      updateProfile: deferred('updateProfile'),
      fetchNextBookingDate: deferred('fetchNextBookingDate'),
      submitBooking: deferred('submitBooking'),
      submitFeedback: deferred('submitFeedback'),
      clock: createIntervalClock(() => Date.now(), {
        setInterval: (callback, ms) => setInterval(callback, ms),
        clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
      }),
    },
  });
  const actor = createActor(machine, {
    input: MODEL_INPUT,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of event._transitions) takenTransitions.add(transitionId(transition));
      // Each microstep's state counts as visited, so states left at once (`always`) count too.
      const nodes: unknown = '_nodes' in event.snapshot ? event.snapshot._nodes : [];
      if (Array.isArray(nodes)) {
        for (const node of nodes) {
          if (typeof node?.id === 'string' && allStates.includes(node.id))
            visitedStates.add(node.id);
        }
      }
    },
  });
  return { actor, pending };
}

function take(pending: Map<ModelActor, Pending>, actor: ModelActor): Pending {
  const call = pending.get(actor);
  if (call === undefined) throw new Error(`No ${actor} call is in flight`);
  pending.delete(actor);
  return call;
}

function recordStates(actor: AnyActorRef) {
  const snapshot = actor.getSnapshot();
  for (const node of snapshot._nodes ?? []) {
    if (allStates.includes(node.id)) visitedStates.add(node.id);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: MODEL_START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('model-based paths on the real machine', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const { actor, pending } = startSystem();
    actor.start();
    recordStates(actor);
    const driver: ModelDriver = {
      send: (event) => {
        actor.send(event);
      },
      resolve: async (name, output) => {
        take(pending, name).resolve(output);
        await vi.advanceTimersByTimeAsync(0);
      },
      reject: async (name, error) => {
        take(pending, name).reject(error);
        await vi.advanceTimersByTimeAsync(0);
      },
      advance: async (ms) => {
        await vi.advanceTimersByTimeAsync(ms);
      },
      jump: async (ms) => {
        vi.setSystemTime(Date.now() + ms);
        await vi.advanceTimersToNextTimerAsync();
      },
      check: (expected) => {
        const snapshot = actor.getSnapshot();
        recordStates(actor);
        expect(snapshot.status).toBe(expected.status);
        expect(snapshot.value).toEqual(expected.value);
        const { name, goal, userId, errors, category, reached, focusArea } = expected.context;
        expect(snapshot.context).toMatchObject({
          name,
          goal,
          userId,
          errors,
          category,
          reached,
          focusArea,
        });
      },
    };
    await runModelPath(path, driver);
    actor.stop();
    coverage.paths += 1;
    for (const step of path.steps) for (const id of stepTransitions(step)) predicted.add(id);
  });
});

describe('coverage of the model-based paths', () => {
  // Transition pairs are counted over the whole model graph (the hold region beside every step):
  // a minute or more on a busy machine.
  it('visits every state and takes every transition of the machine', { timeout: 180_000 }, () => {
    vi.useRealTimers();
    const pairs = twoSwitchCoverage(paths, model);
    console.log(
      [
        formatCoverage(coverage),
        `machine: transition pairs (2-switch) ${((pairs.covered / pairs.total) * 100).toFixed(1)}% (${pairs.covered}/${pairs.total}), for information`,
        `coverage data: ${writeCoverage('machine', takenTransitions, 'all', coverage)}`,
      ].join('\n'),
    );
    expect(missingStates(coverage)).toEqual([]);
    expect(missingTransitions(coverage)).toEqual([]);
  });

  it('computes the transitions of a step as the running machine takes them', () => {
    // The UI levels measure coverage from the steps they replay: the same sets as here.
    expect([...predicted].sort()).toEqual([...takenTransitions].sort());
    expect(allTransitionIds().length).toBeGreaterThan(0);
  });
});
