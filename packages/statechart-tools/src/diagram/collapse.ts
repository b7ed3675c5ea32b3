import type { ChartEdge, ChartGraph, ChartState, ChartTransition } from './graph.ts';

/**
 * The graph with some compound states collapsed: their insides are hidden, the state is drawn as
 * one box, and every arrow to or from inside it starts or ends at that box (arrows that stay
 * inside it are dropped). Lay the result out again with `layoutChart`.
 */
export function collapseGraph(graph: ChartGraph, collapsed: ReadonlySet<string>): ChartGraph {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    let state = byId.get(id);
    while (state !== undefined && state.parent !== null) {
      chain.push(state.parent);
      state = byId.get(state.parent);
    }
    return chain;
  };
  /** The box a state is drawn in: its outermost collapsed ancestor, or itself. */
  const shown = (id: string): string => {
    const outer = ancestors(id)
      .filter((ancestor) => collapsed.has(ancestor))
      .at(-1);
    return outer ?? id;
  };
  const visible = (state: ChartState) => shown(state.id) === state.id;
  const states: ChartState[] = graph.states
    .filter(visible)
    .map((state) =>
      collapsed.has(state.id) && state.children.length > 0
        ? { ...state, type: 'atomic', children: [], initial: [] }
        : state,
    );
  const transitions: ChartTransition[] = [];
  const edges: ChartEdge[] = [];
  const seen = new Set<string>();
  for (const transition of graph.transitions) {
    const source = shown(transition.source);
    const targets = [...new Set(transition.targets.map(shown))];
    const inside =
      source !== transition.source && targets.length > 0 && targets.every((t) => t === source);
    if (inside) continue;
    transitions.push({ ...transition, source, targets });
    for (const target of targets.length > 0 ? targets : [source]) {
      const id = `${transition.id}>${target}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const chain = source === graph.root ? [graph.root] : ancestors(source);
      const container =
        chain.find((ancestor) => ancestor === target || ancestors(target).includes(ancestor)) ??
        graph.root;
      edges.push({
        id,
        transition: transition.id,
        source,
        target,
        container,
        label: transition.label,
      });
    }
  }
  return { ...graph, states, transitions, edges };
}
