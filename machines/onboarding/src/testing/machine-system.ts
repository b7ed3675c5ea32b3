/**
 * The machine level's system under test: the real onboarding machine, every call held open until
 * a path settles it, on Vitest's fake timers. For this package's tests only (it needs Vitest).
 *
 * A fault can be injected into the machine under test (never into the model, which stays the
 * real machine's definition), so that QA can watch a path turn red: `PATHS_FAULT=intro-next`
 * breaks the intro step's Next.
 */

import { expect, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import { createIntervalClock, type OnboardingActorTypes, onboardingMachine } from '../index.ts';
import type { OnboardingSnapshot } from '../selectors.ts';
import { MODEL_ACTORS, MODEL_INPUT, type ModelActor } from './events.ts';
import {
  type ModelDriver,
  type ModelPath,
  pathFromEvents,
  readReplay,
  runModelPath,
} from './model.ts';

/** Faults that can be injected into the machine under test, by name. */
export const FAULTS = {
  /** The intro step's Next refuses every name, a valid one too. */
  'intro-next': { guards: { validName: () => false } },
} as const;
export type Fault = keyof typeof FAULTS;

export function isFault(name: string): name is Fault {
  return Object.hasOwn(FAULTS, name);
}

/** The fault named by `PATHS_FAULT`, if any; an unknown name is an error, not a silent pass. */
export function faultFromEnv(): Fault | null {
  const name = process.env.PATHS_FAULT;
  if (name === undefined || name === '') return null;
  if (!isFault(name)) {
    throw new Error(`PATHS_FAULT=${name}: known faults are ${Object.keys(FAULTS).join(', ')}`);
  }
  return name;
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface MachineSystem {
  driver: ModelDriver;
  snapshot(): OnboardingSnapshot;
  stop(): void;
}

/**
 * Starts the machine under test. `inspect` sees its inspection events (the coverage of the
 * covering paths is recorded from them). Fake timers must be on (`vi.useFakeTimers`).
 */
export function startMachineSystem(
  options: { fault?: Fault | null; inspect?: (event: InspectionEvent) => void } = {},
): MachineSystem {
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
  const fault = options.fault ? FAULTS[options.fault] : {};
  const machine = onboardingMachine.provide({
    ...fault,
    actors: {
      submitOnboarding: deferred('submitOnboarding'),
      fetchList: deferred('fetchList'),
      fetchTeam: deferred('fetchTeam'),
      createHold: deferred('createHold'),
      extendHold: deferred('extendHold'),
      releaseHold: fromPromise<unknown, { holdId: string }>(async () => undefined),
      createUser: deferred('createUser'),
      handOverHold: deferred('handOverHold'),
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
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  const take = (name: ModelActor): Pending => {
    const call = pending.get(name);
    if (call === undefined) throw new Error(`No ${name} call is in flight`);
    pending.delete(name);
    return call;
  };
  actor.start();
  const driver: ModelDriver = {
    send: (event) => {
      actor.send(event);
    },
    resolve: async (name, output) => {
      take(name).resolve(output);
      await vi.advanceTimersByTimeAsync(0);
    },
    reject: async (name, error) => {
      take(name).reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
    advance: async (ms) => {
      await vi.advanceTimersByTimeAsync(ms);
    },
    jump: async (ms) => {
      vi.setSystemTime(Date.now() + ms);
      await vi.advanceTimersToNextTimerAsync();
    },
    check: (expected, step) => {
      const snapshot = actor.getSnapshot();
      const where = `after ${step.event.type}`;
      expect(snapshot.status, where).toBe(expected.status);
      expect(snapshot.value, where).toEqual(expected.value);
      const { name, goal, userId, errors, category, reached, focusArea } = expected.context;
      expect(snapshot.context, where).toMatchObject({
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
  return { driver, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() };
}

/** Runs a path on a fresh machine under test; rejects at the first step that differs. */
export async function runOnMachine(
  path: ModelPath,
  options: Parameters<typeof startMachineSystem>[0] = {},
): Promise<void> {
  const system = startMachineSystem(options);
  try {
    await runModelPath(path, system.driver);
  } finally {
    system.stop();
  }
}

/** The model path of a replay file. */
export function replayPath(file: string): ModelPath {
  return pathFromEvents(readReplay(file));
}
