import { describe, expect, it } from 'vitest';
import {
  type ChartGraph,
  type ChartLayout,
  toChartGraph,
  toChartScene,
  toSvg,
} from '@app/statechart-tools';
import { onboardingMachine } from '../machine.ts';
import { onboardingChartLayout } from './committed.ts';

const graph = toChartGraph(onboardingMachine);
const options = { title: 'Chart & <title>', description: 'What "it" shows' };

/** A two-state machine laid out by hand, to check the writer without the layout engine. */
const tiny: ChartGraph = {
  root: 'm',
  states: [
    {
      id: 'm',
      key: 'm',
      path: [],
      parent: null,
      type: 'compound',
      children: ['a', 'b'],
      initial: ['a'],
      route: null,
      title: null,
      tags: [],
    },
    {
      id: 'a',
      key: 'a<b>',
      path: ['a'],
      parent: 'm',
      type: 'atomic',
      children: [],
      initial: [],
      route: '/a',
      title: 'A',
      tags: [],
    },
    {
      id: 'b',
      key: 'b',
      path: ['b'],
      parent: 'm',
      type: 'final',
      children: [],
      initial: [],
      route: null,
      title: null,
      tags: [],
    },
  ],
  transitions: [
    {
      id: 'a go[0]',
      coverageId: 'm.a -- go[0]',
      source: 'a',
      targets: ['b'],
      eventType: 'go',
      index: 0,
      event: 'go',
      guard: 'ok',
      guardName: 'ok',
      guardNames: ['ok'],
      label: 'go [ok]',
    },
  ],
  edges: [
    {
      id: 'a go[0]>b',
      transition: 'a go[0]',
      source: 'a',
      target: 'b',
      container: 'm',
      label: 'go [ok]',
    },
  ],
};
const tinyLayout: ChartLayout = {
  width: 200,
  height: 300,
  states: {
    m: { x: 0, y: 0, width: 200, height: 300 },
    a: { x: 50, y: 60, width: 100, height: 40 },
    b: { x: 50, y: 200, width: 100, height: 40 },
  },
  initials: {
    m: {
      dot: { x: 94, y: 40, width: 12, height: 12 },
      points: [
        { x: 100, y: 52 },
        { x: 100, y: 60 },
      ],
    },
  },
  edges: {
    'a go[0]>b': {
      points: [
        { x: 100, y: 100 },
        { x: 100, y: 200 },
      ],
      label: { x: 80, y: 140, width: 60, height: 17 },
    },
  },
};

describe('chart scene', () => {
  it('places every state and every arrow of the onboarding machine', () => {
    const scene = toChartScene(graph, onboardingChartLayout);
    expect(scene.states.map((state) => state.id)).toEqual(graph.states.map((state) => state.id));
    const drawn = graph.edges.filter((edge) => edge.source !== graph.root);
    expect(scene.edges.map((edge) => edge.id)).toEqual(drawn.map((edge) => edge.id));
    const compound = graph.states.filter((state) => state.initial.length > 0);
    expect(scene.initials.map((initial) => initial.id).sort()).toEqual(
      compound.map((state) => state.id).sort(),
    );
    const root = scene.states[0];
    expect(root?.detail?.text).toBe('in every state: clock tick');
    expect(scene.states.find((state) => state.id === 'matched.hold')?.kind).toBe('region');
    expect(scene.states.find((state) => state.id === 'thankYou')?.kind).toBe('final');
  });

  it('keeps every child box inside its parent box', () => {
    for (const state of graph.states) {
      if (state.parent === null) continue;
      const box = onboardingChartLayout.states[state.id];
      const parent = onboardingChartLayout.states[state.parent];
      expect(box, state.id).toBeDefined();
      if (box === undefined || parent === undefined) continue;
      expect(box.x).toBeGreaterThanOrEqual(parent.x);
      expect(box.y).toBeGreaterThanOrEqual(parent.y);
      expect(box.x + box.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(box.y + box.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
  });
});

describe('SVG writer', () => {
  it('writes an accessible standalone drawing with its title and description, escaped', () => {
    const svg = toSvg(tiny, tinyLayout, options);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300"')).toBe(
      true,
    );
    expect(svg).toContain('role="img" aria-labelledby="chart-title chart-desc"');
    expect(svg).toContain('<title id="chart-title">Chart &amp; &lt;title&gt;</title>');
    expect(svg).toContain('<desc id="chart-desc">What &quot;it&quot; shows</desc>');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('draws each state with its name and route, end states doubled, and each arrow with its label', () => {
    const svg = toSvg(tiny, tinyLayout, options);
    expect(svg).toContain('<g data-state="a">');
    expect(svg).toContain('>a&lt;b&gt;</text>');
    expect(svg).toContain('>/a</text>');
    const final = svg.slice(svg.indexOf('<g data-state="b">'));
    expect(final.slice(0, final.indexOf('</g>')).match(/<rect/g)).toHaveLength(2);
    expect(svg).toContain('<g data-edge="a go[0]&gt;b">');
    expect(svg).toContain('<path d="M100 100 L100 200" fill="none"');
    expect(svg).toContain('>go [ok]</text>');
    expect(svg).toContain('<circle cx="100" cy="46" r="6"');
  });
});
