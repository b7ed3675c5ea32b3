import { onboardingMachine } from '@app/onboarding';
import { onboardingChartLayout, screensChartLayout } from '@app/onboarding/chart';
import {
  CHART_TITLE,
  type ChartGraph,
  type ChartLayout,
  type ChartScene,
  type ChartState,
  chartDescription,
  collapseGraph,
  SCREENS_TITLE,
  screensDescription,
  toChartGraph,
  toChartScene,
  toScreensGraph,
} from '@app/statechart-tools';

/** The two views of the one machine: the screens a prospect sees, and every state. */
export type ViewKey = 'screens' | 'machine';

export interface ChartView {
  key: ViewKey;
  /** What an exported file of this view is called, without its extension. */
  file: string;
  label: string;
  title: string;
  description: string;
  graph: ChartGraph;
  layout: ChartLayout;
  scene: ChartScene;
  /** Per arrow of this view, the full machine's transitions it stands for. */
  folded: Record<string, string[]>;
}

export const MACHINE_GRAPH = toChartGraph(onboardingMachine);
const SCREENS_GRAPH = toScreensGraph(MACHINE_GRAPH);

export const VIEWS: Record<ViewKey, ChartView> = {
  screens: {
    key: 'screens',
    file: 'onboarding-screens',
    label: 'Screens',
    title: SCREENS_TITLE,
    description: screensDescription(SCREENS_GRAPH),
    graph: SCREENS_GRAPH,
    layout: screensChartLayout,
    scene: toChartScene(SCREENS_GRAPH, screensChartLayout),
    folded: SCREENS_GRAPH.folded,
  },
  machine: {
    key: 'machine',
    file: 'onboarding-machine',
    label: 'Full machine',
    title: CHART_TITLE,
    description: chartDescription(MACHINE_GRAPH),
    graph: MACHINE_GRAPH,
    layout: onboardingChartLayout,
    scene: toChartScene(MACHINE_GRAPH, onboardingChartLayout),
    folded: Object.fromEntries(MACHINE_GRAPH.transitions.map((t) => [t.id, [t.id]])),
  },
};

export const STATES = new Map(MACHINE_GRAPH.states.map((state) => [state.id, state]));
export const TRANSITIONS = new Map(MACHINE_GRAPH.transitions.map((t) => [t.id, t]));

/**
 * The part of the studio's URL that names a state (`/statechart#intro`): the state's own key when
 * no other state has it, else its whole path.
 */
export function stateHash(id: string): string {
  const state = STATES.get(id);
  if (state === undefined) return id;
  const clashes = MACHINE_GRAPH.states.filter((other) => other.key === state.key).length;
  return clashes === 1 ? state.key : state.id;
}

export function stateFromHash(hash: string): string | null {
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  if (wanted === '') return null;
  if (STATES.has(wanted) && wanted !== MACHINE_GRAPH.root) return wanted;
  const byKey = MACHINE_GRAPH.states.filter((state) => state.key === wanted);
  return byKey.length === 1 ? (byKey[0]?.id ?? null) : null;
}

/** The state a view draws for a state of the machine: itself, or the screen that holds it. */
export function shownIn(view: ChartView, id: string): string | null {
  const drawn = new Set(Object.keys(view.layout.states));
  let state: ChartState | undefined = STATES.get(id);
  while (state !== undefined) {
    if (drawn.has(state.id) && state.id !== view.graph.root) return state.id;
    state = state.parent === null ? undefined : STATES.get(state.parent);
  }
  return null;
}

export interface SearchResult {
  id: string;
  /** What the result says: the state's path, its screen title and its route. */
  text: string;
}

/** States whose id, key, screen title or route contain the words typed (all of them). */
export function searchStates(query: string): SearchResult[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return MACHINE_GRAPH.states
    .filter((state) => state.id !== MACHINE_GRAPH.root)
    .map((state) => ({
      id: state.id,
      text: [state.id, state.title, state.route].filter(Boolean).join(' · '),
    }))
    .filter((result) => words.every((word) => result.text.toLowerCase().includes(word)))
    .sort((a, b) => {
      // Screens first, then shorter paths.
      const screen = (id: string) => (STATES.get(id)?.route === null ? 1 : 0);
      return screen(a.id) - screen(b.id) || a.id.length - b.id.length;
    });
}

/**
 * The full machine with some compound states collapsed, laid out afresh. ELK is loaded for this
 * only (it is 1.6 MB): the studio's first paint never waits for it.
 */
export async function collapsedView(collapsed: ReadonlySet<string>): Promise<ChartView> {
  const graph = collapseGraph(MACHINE_GRAPH, collapsed);
  const { layoutChart } = await import('@app/statechart-tools/layout');
  const layout = await layoutChart(graph);
  return {
    ...VIEWS.machine,
    description: `${VIEWS.machine.description} Collapsed: ${[...collapsed].join(', ')}.`,
    graph,
    layout,
    scene: toChartScene(graph, layout),
  };
}
