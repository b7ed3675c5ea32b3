import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { createIntervalClock } from '../clock.ts';
import { onboardingMachine } from '../machine.ts';
import {
  allStateNodes,
  allTransitionNames,
  createOnboardingTestModel,
  getCoveringPaths,
  MODEL_ACTORS,
  MODEL_INPUT,
  MODEL_START,
  type ModelActor,
  type ModelDriver,
  runModelPath,
  transitionName,
} from './model.ts';

const model = createOnboardingTestModel();
const paths = getCoveringPaths(model);
const allTransitions = allTransitionNames();
const allStates = allStateNodes().map((node) => node.id);
const takenTransitions = new Set<string>();
const visitedStates = new Set<string>();

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The real machine with every call held open until the path settles it, on simulated time. */
function startSystem() {
  const pending = new Map<ModelActor, Pending>();
  const deferred = (name: ModelActor) =>
    fromPromise<unknown, unknown>(
      () =>
        new Promise((resolve, reject) => {
          pending.set(name, { resolve, reject });
        }),
    );
  const actors = Object.fromEntries(MODEL_ACTORS.map((name) => [name, deferred(name)]));
  const machine = onboardingMachine.provide({
    actors: {
      ...actors,
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
      for (const transition of event._transitions) takenTransitions.add(transitionName(transition));
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
  });
});

describe('coverage of the model-based paths', () => {
  it('visits every state and takes every transition of the machine', () => {
    const stateCoverage = (visitedStates.size / allStates.length) * 100;
    const transitionCoverage = (takenTransitions.size / allTransitions.length) * 100;
    console.log(
      [
        `model-based paths: ${paths.length}`,
        `state coverage: ${stateCoverage.toFixed(1)}% (${visitedStates.size}/${allStates.length})`,
        `transition coverage: ${transitionCoverage.toFixed(1)}% (${takenTransitions.size}/${allTransitions.length})`,
      ].join('\n'),
    );
    expect(allStates.filter((id) => !visitedStates.has(id))).toEqual([]);
    expect(allTransitions.filter((name) => !takenTransitions.has(name))).toEqual([]);
  });
});
