import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feasiblePairs, type ModelEvent, pathFromEvents, reportDir } from '@app/onboarding/testing';
import { coveringWalks, type Visit, type Walk, type Walks } from './model.ts';

/**
 * The walks take seconds to compute and every test worker needs them: they are computed once per
 * change of the machine, its model or the person's plans, and kept (as events) beside the report.
 * Two sets: the covering walks (every transition), and with `PATHS_WALKS=pairs` the deeper set,
 * the covering walks and then walks for transition pairs until half the feasible pairs are taken.
 */

export type WalkSet = 'covering' | 'pairs';

/** The share of the feasible transition pairs the deeper set takes. */
export const PAIRS_SHARE = 0.5;

export function walkSet(): WalkSet {
  return process.env.PATHS_WALKS === 'pairs' ? 'pairs' : 'covering';
}

const SOURCES = ['../src/onboarding/test/person.ts', './model.ts'].map((source) =>
  fileURLToPath(new URL(source, import.meta.url)),
);

/** The machine, the model kit and the onboarding model: found by package name, not by folder. */
const KITS = ['@app/onboarding', '@app/statechart-tools/testing', '@app/onboarding/testing'];

interface Cached {
  key: string;
  walks: { events: ModelEvent[]; visits: (Visit | null)[]; direct: number[] }[];
  direct: string[];
  forward: string[];
  states: string[];
  skipped: [string, number][];
}

function sourceKey(): string {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  const kitFiles = KITS.flatMap((kit) => {
    const dir = dirname(require.resolve(kit));
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort()
      .map((name) => join(dir, name));
  });
  for (const source of [...SOURCES, ...kitFiles]) hash.update(readFileSync(source));
  return hash.digest('hex');
}

export function loadWalks(set: WalkSet = walkSet()): Walks {
  const file = join(reportDir(), set === 'pairs' ? 'walks-cache-pairs.json' : 'walks-cache.json');
  const key = sourceKey();
  try {
    const cached: Cached = JSON.parse(readFileSync(file, 'utf8'));
    if (cached.key === key) {
      return {
        walks: cached.walks.map(({ events, visits, direct }): Walk => {
          const path = pathFromEvents(events);
          return {
            description: path.description,
            steps: path.steps.map((step, index) => {
              const visit = visits[index];
              return {
                ...step,
                ...(visit === null || visit === undefined ? {} : { visit }),
                ...(direct.includes(index) ? { direct: true as const } : {}),
              };
            }),
          };
        }),
        direct: cached.direct,
        forward: cached.forward,
        states: cached.states,
        skipped: new Map(cached.skipped),
      };
    }
  } catch {
    // No cache yet, or an unreadable one: compute.
  }
  const computed = coveringWalks(
    40,
    set === 'pairs' ? { feasible: feasiblePairs(), share: PAIRS_SHARE } : null,
  );
  const cached: Cached = {
    key,
    walks: computed.walks.map((walk) => ({
      events: walk.steps.map((step) => step.event),
      visits: walk.steps.map((step) => step.visit ?? null),
      direct: walk.steps.flatMap((step, index) => (step.direct ? [index] : [])),
    })),
    direct: computed.direct,
    forward: computed.forward,
    states: computed.states,
    skipped: [...computed.skipped],
  };
  mkdirSync(reportDir(), { recursive: true });
  writeFileSync(file, JSON.stringify(cached));
  return computed;
}
