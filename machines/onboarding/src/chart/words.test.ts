import { describe, expect, it } from 'vitest';
import {
  CALL_WORDS,
  duration,
  EVENT_WORDS,
  GUARD_WORDS,
  toChartGraph,
  toScreensGraph,
} from '@app/statechart-tools';
import { onboardingMachine } from '../machine.ts';
import { allStateNodes } from '../testing/index.ts';

describe("the chart's words for the machine", () => {
  it('describe every guard the machine declares', () => {
    const guards = Object.keys(onboardingMachine.implementations.guards);
    expect(guards.filter((name) => GUARD_WORDS[name] === undefined)).toEqual([]);
  });

  it('name every event the machine takes and the outcome of every call it makes', () => {
    const events = new Set<string>();
    const calls = new Set<string>();
    for (const node of [onboardingMachine.root, ...allStateNodes()]) {
      for (const type of node.transitions.keys()) {
        const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
        if (call?.[2] !== undefined) calls.add(call[2]);
        else if (!type.startsWith('xstate.')) events.add(type);
      }
    }
    expect([...events].filter((type) => EVENT_WORDS[type] === undefined)).toEqual([]);
    expect([...calls].filter((actor) => CALL_WORDS[actor] === undefined)).toEqual([]);
  });

  it('say delays as durations', () => {
    expect(duration(10_000)).toBe('10 s');
    expect(duration(540_000)).toBe('9 min');
    expect(duration(90_000)).toBe('1 min 30 s');
  });
});

describe('screens view', () => {
  const graph = toChartGraph(onboardingMachine);
  const screens = toScreensGraph(graph);
  const label = (source: string, target: string) =>
    screens.edges
      .filter((edge) => edge.source === source && edge.target === target)
      .map((edge) => edge.label || edge.style);

  it('keeps the screens and the slot hold, and folds sub-states and plumbing away', () => {
    const ids = screens.states.map((state) => state.id);
    expect(ids).toContain('matched.step.account');
    expect(ids).toContain('matched.hold.live');
    expect(ids).toContain('matched.hold.expired');
    expect(ids).not.toContain('matched.step.account.submitting');
    expect(ids).not.toContain('matching.lists');
    expect(screens.transitions.some((transition) => transition.label.includes('URL'))).toBe(false);
    expect(screens.transitions.some((transition) => transition.label.includes('clock'))).toBe(
      false,
    );
  });

  it('shows the actions, the outcomes of calls, the answers, the timers and Go back', () => {
    expect(label('role', 'matching')).toEqual(['submit role']);
    expect(label('role', 'role')).toEqual(['call fails']);
    expect(label('matched.step.team', 'matched.step.intro')).toEqual(['Yes']);
    expect(label('matched.step.team', 'matched.step.maybe')).toEqual(['Maybe']);
    expect(label('matching', 'matched.step.team')).toContain('after 10 s');
    expect(label('matched.hold.live', 'matched.hold.expired')).toEqual(['after 10 min']);
    expect(label('matched.step.intro', 'matched.step.team')).toEqual(['back']);
    expect(label('matched.step.account', 'confirm')).toEqual(['submit join request']);
  });

  it('draws the hold whole: its last-minute warning, and the extension it offers', () => {
    const ids = screens.states.map((state) => state.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'matched.hold.live.counting',
        'matched.hold.live.ending',
        'matched.hold.live.extending',
      ]),
    );
    expect(screens.states.find((state) => state.id === 'matched.hold.live')?.type).toBe('compound');
    expect(label('matched.hold.live.counting', 'matched.hold.live.ending')).toEqual([
      'after 9 min',
    ]);
    expect(label('matched.hold.live.ending', 'matched.hold.live.extending')).toEqual([
      'hold the slot longer',
    ]);
  });

  it('stands for every transition it draws, by the full graph ids', () => {
    const known = new Set(graph.transitions.map((transition) => transition.id));
    for (const members of Object.values(screens.folded)) {
      expect(members.length).toBeGreaterThan(0);
      for (const id of members) expect(known.has(id)).toBe(true);
    }
  });
});
