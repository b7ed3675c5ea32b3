import {
  allTransitionIds,
  LEVELS,
  type CoverageFile as WrittenCoverage,
} from '@app/onboarding/testing';
import { describe, expect, it } from 'vitest';
import { coverageOfView, parseCoverage } from './coverage.ts';
import { MACHINE_GRAPH, VIEWS } from './views.ts';

const intro = MACHINE_GRAPH.transitions.find(
  (t) =>
    t.source === 'matched.step.intro' && t.eventType === 'intro.submit' && t.guard !== 'otherwise',
);
const commit = MACHINE_GRAPH.transitions.find(
  (t) => t.source === 'matched.step.commit' && t.eventType === 'commit.accept',
);

describe('coverage file', () => {
  it('is read as the path suites write it, and refused with a reason otherwise', () => {
    expect(parseCoverage('not json')).toBe('That file is not JSON.');
    expect(parseCoverage('{"levels":[]}')).toBe(
      'That file lacks generatedAt, levels or transitions.',
    );
    const file = parseCoverage(
      JSON.stringify({ generatedAt: '2026-11-22T17:00:00Z', levels: ['machine'], transitions: {} }),
    );
    expect(file).toEqual({
      generatedAt: '2026-11-22T17:00:00Z',
      levels: ['machine'],
      transitions: {},
    });
  });

  it('colours each arrow by the levels that take every transition it stands for', () => {
    if (intro === undefined || commit === undefined) throw new Error('no such transitions');
    const file = {
      generatedAt: '2026-11-22T17:00:00Z',
      levels: ['machine', 'jsdom', 'chromium'],
      transitions: {
        [intro.coverageId]: ['machine', 'jsdom', 'chromium'],
        [commit.coverageId]: ['machine'],
      },
    };
    const full = coverageOfView(VIEWS.machine, file);
    const edgeOf = (transition: string) =>
      MACHINE_GRAPH.edges.find((edge) => edge.transition === transition)?.id ?? '';
    expect(full.get(edgeOf(intro.id))).toBe('all');
    expect(full.get(edgeOf(commit.id))).toBe('some');
    const back = MACHINE_GRAPH.transitions.find(
      (t) => t.source === 'matched.step.intro' && t.eventType === 'nav.back',
    );
    expect(full.get(edgeOf(back?.id ?? ''))).toBe('none');
    // The screens view's arrow for "submit name" stands for the valid submit only.
    const screens = coverageOfView(VIEWS.screens, file);
    const submitName = VIEWS.screens.graph.edges.find(
      (edge) => edge.source === 'matched.step.intro' && edge.target === 'matched.step.goal',
    );
    expect(screens.get(submitName?.id ?? '')).toBe('all');
  });
});

describe('coverage file as the path suites write it', () => {
  it('names every arrow of both views by the ids the suites record, and reads their file', () => {
    const written = new Set(allTransitionIds());
    expect(MACHINE_GRAPH.transitions.filter((t) => !written.has(t.coverageId))).toEqual([]);
    // Typed as the writer's own file: a change of its shape fails here first.
    const file: WrittenCoverage = {
      generatedAt: '2026-11-22T17:00:00Z',
      levels: [...LEVELS],
      transitions: Object.fromEntries([...written].map((id) => [id, [...LEVELS]])),
    };
    const read = parseCoverage(JSON.stringify(file));
    if (typeof read === 'string') throw new Error(read);
    for (const view of [VIEWS.screens, VIEWS.machine]) {
      expect(new Set(coverageOfView(view, read).values())).toEqual(new Set(['all']));
    }
  });
});
