import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPairs } from '@app/statechart-tools/testing';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { faultFromEnv, replayPath, runOnMachine } from './machine-system.ts';
import { feasiblePairs, MODEL_START, modelGraph, pairCoverage } from './model.ts';
import { randomWalks, saveWalkFailure } from './random-walks.ts';

/**
 * Random walks at the machine level, with a fixed seed (`PATHS_SEED` and `PATHS_RANDOM_RUNS`
 * change it and the number of walks; `PATHS_FAULT` injects a fault into the machine under test).
 */
const SEED = Number(process.env.PATHS_SEED ?? 20260310);
const RUNS = Number(process.env.PATHS_RANDOM_RUNS ?? 40);
const COMMANDS = 60;
/** The transition the intro step's Next takes with a valid name. */
const INTRO_NEXT = 'intro -- intro.submit[0]';
const replaying = Boolean(process.env.PATHS_REPLAY);

/** The fewest steps from the start that end with the intro step's Next taken. */
function stepsToIntroNext(): number {
  const graph = modelGraph();
  const depth = new Map([[graph.root, 0]]);
  const queue = [graph.root];
  for (let head = 0; head < queue.length; head += 1) {
    const key = queue[head] ?? graph.root;
    const at = depth.get(key) ?? 0;
    for (const edge of graph.edges.get(key) ?? []) {
      if (edge.ids.includes(INTRO_NEXT)) return at + 1;
      if (!depth.has(edge.to)) {
        depth.set(edge.to, at + 1);
        queue.push(edge.to);
      }
    }
  }
  throw new Error(`the model never takes ${INTRO_NEXT}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'random-walks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(replaying)('random walks through the model on the real machine', () => {
  it(`stay with the model (seed ${SEED}, ${RUNS} walks)`, { timeout: 120_000 }, async () => {
    const result = await randomWalks({
      seed: SEED,
      runs: RUNS,
      commands: COMMANDS,
      fault: faultFromEnv(),
    });
    if (result.failed) {
      const file = saveWalkFailure(result);
      throw new Error(
        `a random walk failed (seed ${result.seed}); shortest failing path (${result.shortest.steps.length} steps): ${result.shortest.description}\n${result.message}\nreplay: pnpm test:paths --replay ${file}`,
      );
    }
    const pairs = pairCoverage(result.walks, feasiblePairs(modelGraph()));
    console.log(
      formatPairs('machine', pairs, `${result.runs} random walks of ${result.steps} steps in all`),
    );
    expect(result.steps).toBeGreaterThan(result.runs);
  });

  it('shrink a walk that a broken intro Next fails to the way to intro and its Next, saved as a replay that fails', {
    timeout: 120_000,
  }, async () => {
    const result = await randomWalks({
      seed: SEED,
      runs: RUNS,
      commands: COMMANDS,
      fault: 'intro-next',
    });
    if (!result.failed) throw new Error('no random walk pressed Next on the intro step');
    const needed = stepsToIntroNext();
    console.log(
      `intro-next fault: a walk failed and shrank to ${result.shrunk.steps.length} steps (the way to intro and its Next takes ${needed}): ${result.shrunk.description}`,
    );
    expect(result.shrunk.steps.length).toBeLessThanOrEqual(needed);
    expect(result.shortest.steps.at(-1)?.event.type).toBe('intro.submit');
    expect(result.message).toMatch(/after intro\.submit/);

    const file = saveWalkFailure(result, scratch);
    const saved = replayPath(file);
    expect(saved.steps.length).toBeLessThanOrEqual(needed);
    vi.useFakeTimers({ now: MODEL_START });
    try {
      await expect(runOnMachine(saved, { fault: 'intro-next' })).rejects.toThrow(
        /after intro\.submit/,
      );
      // The same file on the machine without the fault: the red is the fault's.
      vi.setSystemTime(MODEL_START);
      await runOnMachine(saved);
    } finally {
      vi.useRealTimers();
    }
  });
});
