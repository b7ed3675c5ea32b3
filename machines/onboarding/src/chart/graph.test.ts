import { describe, expect, it } from 'vitest';
import { activeStateIds, toChartGraph } from '@app/statechart-tools';
import { onboardingMachine } from '../machine.ts';
import { allStateNodes, allTransitionNames } from '../testing/index.ts';

const graph = toChartGraph(onboardingMachine);

describe('chart graph of the onboarding machine', () => {
  it('has every state of the machine once, with its parent, type and screen route', () => {
    const ids = graph.states.map((state) => state.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(onboardingMachine.id);
    const nodes = allStateNodes().filter((node) => node.path.length > 0);
    expect(ids.slice(1).sort()).toEqual(nodes.map((node) => node.path.join('.')).sort());
    for (const node of nodes) {
      const state = graph.states.find((item) => item.id === node.path.join('.'));
      expect(state?.type).toBe(node.type);
      expect(state?.parent).toBe(
        node.path.length === 1 ? onboardingMachine.id : node.path.slice(0, -1).join('.'),
      );
    }
    expect(graph.states.find((state) => state.id === 'matched.step.intro')).toMatchObject({
      route: '/onboarding/{category}/intro',
      title: 'Your name',
    });
    expect(graph.states.find((state) => state.id === 'matched')?.children).toEqual([
      'matched.step',
      'matched.hold',
    ]);
    expect(graph.states.find((state) => state.id === 'matched.hold')?.initial).toEqual([
      'matched.hold.entering',
    ]);
  });

  it('has every transition of the machine, with its event and guard', () => {
    const names = allTransitionNames();
    expect(graph.transitions).toHaveLength(names.length);
    // The machine names a transition after its source's id, which some states set themselves.
    const xstateId = new Map(allStateNodes().map((node) => [node.path.join('.'), node.id]));
    xstateId.set(onboardingMachine.id, onboardingMachine.root.id);
    const own = graph.transitions.map((transition) => {
      const event = transition.eventType === '' ? 'always' : transition.eventType;
      return `${xstateId.get(transition.source)} -- ${event}[${transition.index}]`;
    });
    expect(own.sort()).toEqual([...names].sort());
    expect(graph.transitions.map((transition) => transition.coverageId).sort()).toEqual(
      [...names].sort(),
    );
    expect(graph.transitions).toContainEqual(
      expect.objectContaining({
        source: 'matched.step.intro',
        targets: ['matched.step.goal'],
        eventType: 'intro.submit',
        event: 'submit name',
        guard: 'name filled in',
        guardName: 'validName',
        label: 'submit name [name filled in]',
      }),
    );
    // The guard left when the one before it fails says so.
    expect(graph.transitions).toContainEqual(
      expect.objectContaining({
        source: 'matched.step.intro',
        targets: [],
        label: 'submit name [otherwise]',
      }),
    );
    // Delays and the hold's clock-driven guards read as durations.
    expect(graph.transitions).toContainEqual(
      expect.objectContaining({ source: 'matching', event: 'after 10 s', guard: null }),
    );
    expect(graph.transitions).toContainEqual(
      expect.objectContaining({
        source: 'matched.hold.live.counting',
        eventType: '',
        label: 'after 9 min [last minute of the hold]',
        guardNames: ['holdEnding'],
      }),
    );
    // Composite guards are named by their parts, whatever a minifier calls their functions.
    expect(graph.transitions).toContainEqual(
      expect.objectContaining({
        source: 'matched.step.team',
        guardName: 'isChoice(yes) and not holdExpired',
        guard: 'answered Yes and not slot released',
        guardNames: ['isChoice', 'holdExpired'],
      }),
    );
  });

  it('draws one edge per target, a loop for a transition that stays, inside the common parent', () => {
    for (const transition of graph.transitions) {
      const edges = graph.edges.filter((edge) => edge.transition === transition.id);
      const expected = transition.targets.length > 0 ? transition.targets : [transition.source];
      expect(edges.map((edge) => edge.target)).toEqual(expected);
    }
    expect(graph.edges).toContainEqual(
      expect.objectContaining({
        source: 'matched.step.account.submitting',
        target: 'confirm',
        container: onboardingMachine.id,
      }),
    );
    expect(graph.edges).toContainEqual(
      expect.objectContaining({
        source: 'matched.hold.live.ending',
        target: 'matched.hold.live.extending',
        container: 'matched.hold.live',
        label: 'hold the slot longer',
      }),
    );
  });
});

describe('active states of a state value', () => {
  it('are the named states and all their ancestors, in every parallel region', () => {
    const active = activeStateIds(graph, {
      matched: { step: { account: 'editing' }, hold: { live: 'counting' } },
    });
    expect([...active].sort()).toEqual(
      [
        onboardingMachine.id,
        'matched',
        'matched.hold',
        'matched.hold.live',
        'matched.hold.live.counting',
        'matched.step',
        'matched.step.account',
        'matched.step.account.editing',
      ].sort(),
    );
  });

  it('ignore a state the machine does not have', () => {
    expect([...activeStateIds(graph, 'nowhere')]).toEqual([onboardingMachine.id]);
  });
});
