import { isAbsolute, resolve } from 'node:path';
import {
  emptyCoverage,
  formatPairs,
  stepTransitions,
  transitionId,
} from '@app/statechart-tools/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import {
  allStateNodes,
  allTransitionIds,
  formatCoverage,
  missingStates,
  missingTransitions,
  writeCoverage,
} from './coverage.ts';
import { faultFromEnv, replayPath, startMachineSystem } from './machine-system.ts';
import {
  createOnboardingTestModel,
  feasiblePairs,
  getCoveringPaths,
  MODEL_START,
  type ModelDriver,
  type ModelPath,
  modelGraph,
  pairCoverage,
  pairCoveringPaths,
  runModelPath,
} from './model.ts';

/**
 * The machine level (`pnpm --filter @app/onboarding paths`): the covering paths (every
 * state and transition), then the transition-pair paths (every feasible pair), on the real
 * machine. With `PATHS_REPLAY=file.json` it replays that one saved path instead, and with
 * `PATHS_FAULT=<name>` the machine under test carries that fault (`machine-system.ts`).
 */
const replayFile = process.env.PATHS_REPLAY
  ? isAbsolute(process.env.PATHS_REPLAY)
    ? process.env.PATHS_REPLAY
    : resolve(process.env.INIT_CWD ?? process.cwd(), process.env.PATHS_REPLAY)
  : null;
const fault = faultFromEnv();
const model = createOnboardingTestModel();
const paths = replayFile === null ? getCoveringPaths(model) : [replayPath(replayFile)];
const pairPaths = replayFile === null ? pairCoveringPaths(model) : [];
const allStates = new Set(allStateNodes().map((node) => node.id));
const coverage = emptyCoverage('machine');
const takenTransitions = coverage.transitions;
const visitedStates = coverage.states;
/** What the pure step computation (used by the UI levels) says each path takes. */
const predicted = new Set<string>();
/** Each path run, as the transitions the running machine took in each of its steps. */
const coveringRuns: string[][][] = [];
const pairRuns: string[][][] = [];

function recordNodes(nodes: unknown) {
  if (!Array.isArray(nodes)) return;
  for (const node of nodes) {
    if (typeof node?.id === 'string' && allStates.has(node.id)) visitedStates.add(node.id);
  }
}

/** Runs a path on the machine under test, recording what the running machine takes. */
async function run(path: ModelPath, runs: string[][][]) {
  let step = new Set<string>();
  const steps: string[][] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      takenTransitions.add(transitionId(transition));
      step.add(transitionId(transition));
    }
    // Each microstep's state counts as visited, so states left at once (`always`) count too.
    recordNodes('_nodes' in event.snapshot ? event.snapshot._nodes : []);
  };
  const system = startMachineSystem({ fault, inspect });
  recordNodes(system.snapshot()._nodes);
  const driver: ModelDriver = {
    ...system.driver,
    check: async (expected, modelStep) => {
      recordNodes(system.snapshot()._nodes);
      steps.push([...step]);
      step = new Set();
      await system.driver.check(expected, modelStep);
    },
  };
  try {
    await runModelPath(path, driver);
  } finally {
    system.stop();
  }
  runs.push(steps);
  for (const modelStep of path.steps)
    for (const id of stepTransitions(modelStep)) predicted.add(id);
}

beforeEach(() => {
  vi.useFakeTimers({ now: MODEL_START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('model-based paths on the real machine', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await run(path, coveringRuns);
    coverage.paths += 1;
  });
});

describe.skipIf(replayFile !== null)('transition-pair paths on the real machine', () => {
  it.each(pairPaths.map((path, index) => [index + 1, path.steps.length, path] as const))(
    'pair path %i (%i steps)',
    async (_, __, path) => {
      await run(path, pairRuns);
    },
  );
});

describe.skipIf(replayFile !== null)('coverage of the model-based paths', () => {
  it('visits every state and takes every transition and every feasible pair', () => {
    vi.useRealTimers();
    const feasible = feasiblePairs(modelGraph(model));
    const covering = pairCoverage(coveringRuns, feasible);
    const pairs = pairCoverage([...coveringRuns, ...pairRuns], feasible);
    console.log(
      [
        formatCoverage(coverage),
        formatPairs('machine', covering, `the ${paths.length} covering paths alone`),
        formatPairs('machine', pairs, `with the ${pairPaths.length} pair paths`),
        `coverage data: ${writeCoverage('machine', takenTransitions, 'all', coverage)}`,
      ].join('\n'),
    );
    expect(missingStates(coverage)).toEqual([]);
    expect(missingTransitions(coverage)).toEqual([]);
    expect(pairs.missing).toEqual([]);
  });

  it('computes the transitions of a step as the running machine takes them', () => {
    // The UI levels measure coverage from the steps they replay: the same sets as here.
    expect([...predicted].sort()).toEqual([...takenTransitions].sort());
    expect(allTransitionIds().length).toBeGreaterThan(0);
  });
});
