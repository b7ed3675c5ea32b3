import type { CoverageClass } from './Canvas.tsx';
import { type ChartView, TRANSITIONS } from './views.ts';

/**
 * The path suites' coverage file (`pnpm test:paths` writes `reports/paths/coverage.json`): for
 * each transition id (`transitionId()`), the levels whose paths take it.
 */
export interface CoverageFile {
  generatedAt: string;
  levels: string[];
  transitions: Record<string, string[]>;
}

export function parseCoverage(text: string): CoverageFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'That file is not JSON.';
  }
  if (typeof data !== 'object' || data === null) return 'That file is not a coverage file.';
  const { generatedAt, levels, transitions } = data as Record<string, unknown>;
  if (
    typeof generatedAt !== 'string' ||
    !Array.isArray(levels) ||
    !levels.every((level) => typeof level === 'string') ||
    typeof transitions !== 'object' ||
    transitions === null
  ) {
    return 'That file lacks generatedAt, levels or transitions.';
  }
  const byId: Record<string, string[]> = {};
  for (const [id, covered] of Object.entries(transitions)) {
    if (Array.isArray(covered)) byId[id] = covered.filter((level) => typeof level === 'string');
  }
  return { generatedAt, levels, transitions: byId };
}

/** Each arrow of a view by how many levels take every transition it stands for. */
export function coverageOfView(view: ChartView, file: CoverageFile): Map<string, CoverageClass> {
  const result = new Map<string, CoverageClass>();
  for (const edge of view.graph.edges) {
    const members = view.folded[edge.transition] ?? [];
    let least = file.levels.length;
    for (const member of members) {
      const coverageId = TRANSITIONS.get(member)?.coverageId;
      const levels = coverageId === undefined ? [] : (file.transitions[coverageId] ?? []);
      least = Math.min(least, file.levels.filter((level) => levels.includes(level)).length);
    }
    result.set(edge.id, least === file.levels.length ? 'all' : least === 0 ? 'none' : 'some');
  }
  return result;
}

/** Levels taking one transition of the full machine, for the states list. */
export function levelsOf(file: CoverageFile, transitionIdOfChart: string): string[] {
  const coverageId = TRANSITIONS.get(transitionIdOfChart)?.coverageId;
  return coverageId === undefined ? [] : (file.transitions[coverageId] ?? []);
}
