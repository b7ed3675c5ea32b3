import type { AnyStateMachine } from 'xstate';
import { type ChartGraph, type ChartState, toChartGraph } from './diagram/graph.ts';

export * from './diagram/collapse.ts';
export * from './diagram/files.ts';
export * from './diagram/geometry.ts';
export * from './diagram/graph.ts';
export * from './diagram/scene.ts';
export * from './diagram/screens.ts';
export * from './diagram/svg.ts';
export * from './diagram/words.ts';
export * from './testing/transition-id.ts';

/** Mermaid node id for a state: its path, dots made underscores. */
function mermaidId(state: ChartState, graph: ChartGraph): string {
  return state.id === graph.root ? 'root' : state.path.join('_');
}

/** The machine as a Mermaid `stateDiagram-v2`, generated from its definition. */
export function toMermaid(machine: AnyStateMachine): string {
  const graph = toChartGraph(machine);
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const idOf = (id: string) => {
    const state = byId.get(id);
    return state === undefined ? id : mermaidId(state, graph);
  };
  const lines: string[] = ['stateDiagram-v2'];
  const render = (state: ChartState, indent: string) => {
    for (const target of state.initial) lines.push(`${indent}[*] --> ${idOf(target)}`);
    state.children.forEach((childId, index) => {
      const child = byId.get(childId);
      if (child === undefined) return;
      if (state.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const id = mermaidId(child, graph);
      const route = child.route === null ? '' : ` ${child.route}`;
      lines.push(`${indent}state "${child.key}${route}" as ${id}`);
      if (child.children.length > 0) {
        lines.push(`${indent}state ${id} {`);
        render(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    for (const edge of graph.edges) {
      if (edge.container !== state.id) continue;
      // Mermaid reads ':' and ';' as syntax inside labels.
      const text = edge.label.replace(/[:;]/g, ' ');
      if (edge.source === graph.root) {
        lines.push(`${indent}%% every state: ${text}`);
        continue;
      }
      lines.push(`${indent}${idOf(edge.source)} --> ${idOf(edge.target)} : ${text}`);
    }
  };
  const root = byId.get(graph.root);
  if (root !== undefined) render(root, '  ');
  return `${lines.join('\n')}\n`;
}
