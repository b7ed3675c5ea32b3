import { emptyCoverage, runModelPath, transitionId } from '@app/statechart-tools/testing';
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { membershipMachine } from '../machine.ts';
import {
  allStateNodes,
  cannotBeMemberAgain,
  deadEnds,
  formatCoverage,
  getCoveringPaths,
  MEMBERSHIP_MODEL,
  missingStates,
  missingTransitions,
} from './model.ts';

/**
 * The machine level of the membership's model-based paths (`pnpm --filter @app/membership paths`):
 * every covering path on a running actor of the real machine, with coverage measured from what the
 * running machine took, and the check that no state is a dead end.
 */
const paths = getCoveringPaths();
const coverage = emptyCoverage('machine');
const known = new Set(allStateNodes().map((node) => node.id));

function recordNodes(nodes: readonly { id: string }[]) {
  for (const node of nodes) if (known.has(node.id)) coverage.states.add(node.id);
}

describe('model-based paths on the real machine', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const actor = createActor(membershipMachine, {
      inspect: (event: InspectionEvent) => {
        if (event.type !== '@xstate.microstep') return;
        for (const transition of event._transitions)
          coverage.transitions.add(transitionId(transition));
      },
    });
    actor.start();
    recordNodes(actor.getSnapshot()._nodes);
    try {
      await runModelPath(MEMBERSHIP_MODEL, path, {
        send: (event) => actor.send(event),
        resolve: () => {
          throw new Error('The membership machine calls nothing');
        },
        reject: () => {
          throw new Error('The membership machine calls nothing');
        },
        advance: () => {
          throw new Error('Time reaches the membership machine as events');
        },
        jump: () => {
          throw new Error('Time reaches the membership machine as events');
        },
        check: (expected) => {
          const snapshot = actor.getSnapshot();
          recordNodes(snapshot._nodes);
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.status).toBe(expected.status);
        },
      });
    } finally {
      actor.stop();
    }
    coverage.paths += 1;
  });
});

describe('coverage of the model-based paths', () => {
  it('visits every state and takes every transition', () => {
    console.log(formatCoverage(coverage));
    expect(missingStates(coverage)).toEqual([]);
    expect(missingTransitions(coverage)).toEqual([]);
  });
});

describe('no dead end', () => {
  it('offers a way forward from every state but deleted', () => {
    expect(deadEnds()).toEqual([]);
  });

  it('leads from every state but deleted back to a team', () => {
    expect(cannotBeMemberAgain()).toEqual([]);
  });
});
