import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Mermaid node id for a state node: its path, dots made underscores. */
function nodeId(node: AnyStateNode): string {
  return node.path.length === 0 ? 'root' : node.path.join('_');
}

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    const detail =
      typeof params === 'object' && params !== null
        ? `(${Object.values(params)
            .map((value) => String(value))
            .join(', ')})`
        : '';
    return `${String(type)}${detail}`;
  }
  if (typeof guard === 'function') {
    const composite = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (composite.name === 'and' && Array.isArray(composite.guards)) {
      return composite.guards.map(describeGuard).join(' and ');
    }
    if (composite.name === 'not' && Array.isArray(composite.guards)) {
      return `not ${describeGuard(composite.guards[0])}`;
    }
    if (composite.name === 'stateIn') return `in ${String(composite.stateValue).replace(/^#/, '')}`;
    return composite.name !== undefined && composite.name !== '' ? composite.name : 'guard';
  }
  return 'guard';
}

function describeEvent(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after !== null) return `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.actor.')) {
    return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  }
  if (eventType.startsWith('xstate.error.actor.')) {
    return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType === '' ? 'always' : eventType;
}

function label(transition: AnyTransitionDefinition, always: boolean): string {
  const event = always ? 'always' : describeEvent(transition.eventType);
  const guard = transition.guard === undefined ? '' : ` [${describeGuard(transition.guard)}]`;
  // Mermaid reads ':' and ';' as syntax inside labels.
  return `${event}${guard}`.replace(/[:;]/g, ' ');
}

function isAncestor(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  return ancestor.path.every((segment, index) => node.path[index] === segment);
}

/** The innermost compound state holding both ends of a transition: where Mermaid draws it. */
function container(source: AnyStateNode, target: AnyStateNode): AnyStateNode {
  let candidate: AnyStateNode | undefined = source.parent;
  while (candidate !== undefined) {
    if (isAncestor(candidate, target)) return candidate;
    candidate = candidate.parent;
  }
  return source.machine.root;
}

interface Edge {
  from: string;
  to: string;
  text: string;
}

function collectEdges(machine: AnyStateMachine): Map<AnyStateNode, Edge[]> {
  const edges = new Map<AnyStateNode, Edge[]>();
  const add = (holder: AnyStateNode, edge: Edge) => {
    const list = edges.get(holder) ?? [];
    list.push(edge);
    edges.set(holder, list);
  };
  const visit = (node: AnyStateNode) => {
    const outgoing: [AnyTransitionDefinition, boolean][] = [
      ...[...node.transitions.values()]
        .flat()
        .map((t): [AnyTransitionDefinition, boolean] => [t, false]),
      ...(node.always ?? []).map((t): [AnyTransitionDefinition, boolean] => [t, true]),
    ];
    for (const [transition, always] of outgoing) {
      const targets: readonly AnyStateNode[] = transition.target ?? [];
      // A transition without a target stays in its state: drawn as a loop.
      for (const target of targets.length > 0 ? targets : [node]) {
        const holder = node === machine.root ? machine.root : container(node, target);
        add(holder, { from: nodeId(node), to: nodeId(target), text: label(transition, always) });
      }
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return edges;
}

/** The machine as a Mermaid `stateDiagram-v2`, generated from its definition. */
export function toMermaid(machine: AnyStateMachine): string {
  const edges = collectEdges(machine);
  const lines: string[] = ['stateDiagram-v2'];
  const render = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (node.initial !== undefined && node.type !== 'parallel') {
      for (const target of node.initial.target) lines.push(`${indent}[*] --> ${nodeId(target)}`);
    }
    children.forEach((child, index) => {
      if (node.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const id = nodeId(child);
      const meta = child.meta as { route?: unknown } | undefined;
      const route = typeof meta?.route === 'string' ? ` ${meta.route}` : '';
      lines.push(`${indent}state "${child.key}${route}" as ${id}`);
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${id} {`);
        render(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    for (const edge of edges.get(node) ?? []) {
      const from = edge.from === 'root' ? nodeId(children[0] ?? node) : edge.from;
      if (edge.from === 'root') {
        lines.push(`${indent}%% every state: ${edge.text}`);
        continue;
      }
      lines.push(`${indent}${from} --> ${edge.to} : ${edge.text}`);
    }
  };
  render(machine.root, '  ');
  return `${lines.join('\n')}\n`;
}
