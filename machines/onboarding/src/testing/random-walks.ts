/**
 * Random walks through the onboarding model on the machine under test, with fast-check: each walk
 * is a list of commands, each one of the steps the model takes where the walk stands (its events,
 * actors' answers, delays and clock ticks). After each step the machine must show the model's
 * state. A failing walk shrinks (fast-check drops the commands the failure does not need) and is
 * then cut to the model's shortest way to the failing step when that still fails: the result is
 * saved as a replay file for `pnpm test:paths --replay`.
 */
import { join } from 'node:path';
import {
  describeEvent,
  reportDir,
  stepTransitions,
  writeReplay,
} from '@app/statechart-tools/testing';
import fc from 'fast-check';
import { vi } from 'vitest';
import { MODEL_START } from './events.ts';
import { type Fault, runOnMachine, startMachineSystem } from './machine-system.ts';
import {
  type ModelDriver,
  type ModelEdge,
  type ModelGraph,
  type ModelPath,
  type ModelStep,
  modelGraph,
  runModelPath,
  shortestPathTo,
} from './model.ts';

interface WalkModel {
  key: string;
  steps: ModelStep[];
}

interface WalkReal {
  driver: ModelDriver;
}

const CHOICES = 64;
const NAVIGATION_FROM = CHOICES - CHOICES / 4;

/**
 * One step, picked by `choice` among the steps the model takes where the walk stands, in the
 * order of `MODEL_EVENTS` (the user's own events first, so a choice shrunk towards 0 moves the
 * walk on rather than around).
 */
class StepCommand implements fc.AsyncCommand<WalkModel, WalkReal> {
  constructor(
    private readonly graph: ModelGraph,
    private readonly choice: number,
  ) {}

  private edge(model: Readonly<WalkModel>): ModelEdge | undefined {
    const edges = this.graph.edges.get(model.key) ?? [];
    const ends = (edge: ModelEdge) => (this.graph.edges.get(edge.to)?.length ?? 0) === 0;
    const navigates = (edge: ModelEdge) => edge.event.type.startsWith('nav.');
    // A step after which the model takes no step (leaving the onboarding, finishing it) ends the
    // walk, and navigation (Back, a typed URL, home) mostly goes back: one choice in 64 ends the
    // walk where it can, one in four may navigate, the others move on, so that walks go deep.
    const ending = edges.filter(ends);
    const going = edges.filter((edge) => !ends(edge));
    const onwards = going.filter((edge) => !navigates(edge));
    const pool =
      this.choice === CHOICES - 1 && ending.length > 0
        ? ending
        : this.choice < NAVIGATION_FROM && onwards.length > 0
          ? onwards
          : going.length > 0
            ? going
            : ending;
    // First the kind of event, then one of that kind: ten typed URLs do not drown one click.
    const kinds = [...new Set(pool.map((edge) => edge.event.type))];
    const kind = kinds[this.choice % Math.max(kinds.length, 1)];
    const ofKind = pool.filter((edge) => edge.event.type === kind);
    return ofKind[Math.floor(this.choice / kinds.length) % Math.max(ofKind.length, 1)];
  }

  check(model: Readonly<WalkModel>): boolean {
    return this.edge(model) !== undefined;
  }

  async run(model: WalkModel, real: WalkReal): Promise<void> {
    const edge = this.edge(model);
    if (edge === undefined) throw new Error('the model takes no step here');
    const step = { event: edge.event, from: edge.from, state: edge.state };
    // Recorded first, so that a failing walk's last step is the one that failed.
    model.steps.push(step);
    model.key = edge.to;
    await runModelPath({ description: describeEvent(step.event), steps: [step] }, real.driver);
  }

  toString(): string {
    return `step #${this.choice}`;
  }
}

function pathOf(steps: ModelStep[]): ModelPath {
  return { description: steps.map((step) => describeEvent(step.event)).join(' -> '), steps };
}

export interface RandomWalkOptions {
  seed: number;
  runs: number;
  /** At most this many steps per walk (a walk that finishes the onboarding ends there). */
  commands: number;
  fault?: Fault | null;
}

export type RandomWalkResult =
  | { failed: false; runs: number; steps: number; walks: string[][][] }
  | {
      failed: true;
      seed: number;
      /** The shrunk failing walk, its failing step last. */
      shrunk: ModelPath;
      /** The model's shortest way to the failing step when it fails too (else `shrunk`). */
      shortest: ModelPath;
      message: string;
    };

/** Runs the random walks; on a failure, shrinks it and returns the shortest failing path. */
export async function randomWalks(options: RandomWalkOptions): Promise<RandomWalkResult> {
  const graph = modelGraph();
  const fault = options.fault ?? null;
  let failing: ModelStep[] = [];
  let steps = 0;
  const walks: string[][][] = [];
  const property = fc.asyncProperty(
    fc.commands(
      [fc.noBias(fc.nat({ max: CHOICES - 1 })).map((choice) => new StepCommand(graph, choice))],
      {
        maxCommands: options.commands,
        size: 'max',
      },
    ),
    async (commands) => {
      vi.useFakeTimers({ now: MODEL_START });
      const system = startMachineSystem({ fault });
      const model: WalkModel = { key: graph.root, steps: [] };
      try {
        await fc.asyncModelRun(() => ({ model, real: { driver: system.driver } }), commands);
      } catch (error) {
        // The last walk that fails is the one fast-check reports: shrinking keeps a smaller
        // walk only when it fails too.
        failing = [...model.steps];
        throw error;
      } finally {
        system.stop();
        vi.useRealTimers();
      }
      steps += model.steps.length;
      walks.push(model.steps.map(stepTransitions));
    },
  );
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  if (!details.failed) return { failed: false, runs: details.numRuns, steps, walks };
  const shrunk = pathOf(failing);
  const last = failing.at(-1);
  let shortest = shrunk;
  if (last !== undefined) {
    const candidate = shortestPathTo(last.from, last.event);
    if (candidate !== null && candidate.steps.length < shrunk.steps.length) {
      vi.useFakeTimers({ now: MODEL_START });
      try {
        await runOnMachine(candidate, { fault });
      } catch {
        shortest = candidate;
      } finally {
        vi.useRealTimers();
      }
    }
  }
  const error = details.errorInstance;
  return {
    failed: true,
    seed: details.seed,
    shrunk,
    shortest,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Saves a failing walk's shortest path as a replay file; returns the file. */
export function saveWalkFailure(
  result: Extract<RandomWalkResult, { failed: true }>,
  dir = join(reportDir(), 'failures'),
): string {
  return writeReplay(
    join(dir, `random-walk-seed-${result.seed}-${result.shortest.steps.length}-steps.json`),
    result.shortest.steps.map((step) => step.event),
  );
}
