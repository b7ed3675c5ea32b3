import type { ChartEdge, ChartGraph, ChartState, ChartTransition, EdgeStyle } from './graph.ts';

/**
 * The screens view: the screens a prospect sees (states with a route) and the slot hold (whole:
 * its counting, last-minute warning and extension), with the
 * arrows between them. Fetch sub-states, URL requests and clock ticks are folded away: an arrow
 * leaving a sub-state is drawn from its screen, one started inside the screen (submit, then the
 * call answers) says both steps, and arrows with the same ends and the same kind of event are
 * drawn once. The result is a chart graph, so it is laid out, drawn and exported like the full one.
 */
export interface ScreensGraph extends ChartGraph {
  /** Per transition of this graph: the ids of the full graph's transitions it stands for. */
  folded: Record<string, string[]>;
}

/** Events that are plumbing rather than something a prospect does or sees happen. */
const FOLDED_EVENTS = new Set(['nav.request', 'nav.*', 'clock.tick']);

/** The region drawn beside the screens (the slot hold's countdown states). */
const KEPT_REGION = 'hold';

function kindOf(transition: ChartTransition): string {
  if (transition.eventType.startsWith('xstate.after.')) return 'delay';
  if (transition.eventType === '') return 'clock';
  if (transition.eventType.startsWith('xstate.')) return 'outcome';
  return transition.eventType;
}

/** The team step's answers are told apart by their guard: the arrow says the answer. */
function shortWords(transition: ChartTransition): string {
  const choice = /^answered (\S+)/.exec(transition.guard ?? '');
  if (transition.eventType === 'team.choose') return choice?.[1] ?? transition.guard ?? 'answer';
  return transition.event;
}

export function toScreensGraph(graph: ChartGraph): ScreensGraph {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const parentOf = (state: ChartState) =>
    state.parent === null ? undefined : byId.get(state.parent);
  const isRegionKept = (state: ChartState) =>
    state.key === KEPT_REGION && parentOf(state)?.type === 'parallel';
  const kept = new Set<string>();
  const keepAll = (id: string) => {
    kept.add(id);
    for (const child of byId.get(id)?.children ?? []) keepAll(child);
  };
  for (const state of graph.states) {
    if (state.id === graph.root) continue;
    // A final state that shows another state's screen as the flow ends (the account form while the
    // browser leaves for the tracker's sign-in) is that screen, not one of its own.
    const shownElsewhere =
      state.type === 'final' &&
      graph.states.some(
        (other) => other.id !== state.id && other.type !== 'final' && other.route === state.route,
      );
    if (state.route !== null && !shownElsewhere) kept.add(state.id);
    // The hold is drawn whole: its live part's counting, last-minute warning and extension
    // are what the prospect sees of it.
    if (isRegionKept(state)) keepAll(state.id);
  }
  const isScreen = (id: string) => byId.get(id)?.route !== null && kept.has(id);

  /** The kept state a state belongs to: itself, or its nearest kept ancestor. */
  const ownerOf = (id: string): string | null => {
    let state = byId.get(id);
    while (state !== undefined) {
      if (kept.has(state.id)) return state.id;
      state = parentOf(state);
    }
    return null;
  };
  /** The screen entering a state shows: down through initial children and regions. */
  const entered = (id: string): string | null => {
    const owner = ownerOf(id);
    if (owner !== null) return owner;
    const state = byId.get(id);
    if (state === undefined) return null;
    const next = state.type === 'parallel' ? state.children : state.initial;
    for (const child of next) {
      const found = entered(child);
      if (found !== null && isScreen(found)) return found;
    }
    return null;
  };

  const states: ChartState[] = [];
  const root = byId.get(graph.root);
  if (root === undefined) throw new Error('the chart graph has no root state');
  const topLevel = graph.states.filter(
    (state) => state.id !== graph.root && kept.has(state.id) && !kept.has(state.parent ?? ''),
  );
  states.push({
    ...root,
    children: topLevel.map((state) => state.id),
    initial: root.initial.map((id) => entered(id)).filter((id): id is string => id !== null),
  });
  for (const state of topLevel) {
    const region = isRegionKept(state);
    states.push({
      ...state,
      parent: graph.root,
      type: region ? 'compound' : state.type === 'final' ? 'final' : 'atomic',
      children: region ? state.children : [],
      initial: region ? state.initial : [],
    });
    if (region) {
      const pushAll = (ids: readonly string[]) => {
        for (const childId of ids) {
          const child = byId.get(childId);
          if (child === undefined) continue;
          states.push(child);
          pushAll(child.children);
        }
      };
      pushAll(state.children);
    }
  }

  /** Transitions inside one screen leading to a sub-state: how that sub-state is reached. */
  const entries = new Map<string, ChartTransition[]>();
  for (const transition of graph.transitions) {
    const owner = ownerOf(transition.source);
    for (const target of transition.targets) {
      if (owner !== null && ownerOf(target) === owner && target !== owner) {
        entries.set(target, [...(entries.get(target) ?? []), transition]);
      }
    }
  }

  interface Group {
    source: string;
    target: string;
    kind: string;
    members: ChartTransition[];
    events: string[];
  }
  const groups = new Map<string, Group>();
  for (const transition of graph.transitions) {
    if (transition.source === graph.root || FOLDED_EVENTS.has(transition.eventType)) continue;
    const source = ownerOf(transition.source);
    if (source === null) continue;
    const sourceState = byId.get(transition.source);
    const busy = sourceState?.tags.includes('busy') ?? false;
    for (const targetId of transition.targets) {
      const target = entered(targetId);
      if (target === null) continue;
      // Inside one screen only a call's outcome back to the form is worth an arrow.
      if (target === source && !busy) continue;
      const inner = transition.source !== source;
      const how = inner ? (entries.get(transition.source) ?? []) : [];
      const started = busy ? how.find((entry) => entry.eventType !== '') : undefined;
      const kind = busy && target === source ? 'fails' : kindOf(transition);
      const event =
        kind === 'fails'
          ? 'call fails'
          : started !== undefined
            ? started.event
            : kind === 'outcome'
              ? 'calls answer'
              : shortWords(transition);
      const key = `${source}>${target}#${kind}`;
      const group = groups.get(key) ?? { source, target, kind, members: [], events: [] };
      group.members.push(transition);
      if (!group.events.includes(event)) group.events.push(event);
      groups.set(key, group);
    }
  }

  const transitions: ChartTransition[] = [];
  const edges: ChartEdge[] = [];
  const folded: Record<string, string[]> = {};
  const containerOf = (source: string, target: string) => {
    const a = byId.get(source);
    const b = byId.get(target);
    return a !== undefined && b !== undefined && a.parent === b.parent && a.parent !== null
      ? kept.has(a.parent)
        ? a.parent
        : graph.root
      : graph.root;
  };
  const order = new Map(graph.states.map((state, position) => [state.id, position]));
  /** Drawn without words: Go back, and the steps a hold running out leaves. */
  const styleOf = (group: Group): EdgeStyle | undefined => {
    if (group.kind === 'nav.back') return 'back';
    const from = order.get(group.source) ?? 0;
    const to = order.get(group.target) ?? 0;
    if (group.kind === 'clock' && isScreen(group.source) && to < from) return 'expiry';
    return undefined;
  };
  let index = 0;
  for (const group of groups.values()) {
    const [first] = group.members;
    if (first === undefined) continue;
    const single = group.members.length === 1;
    const event = group.events.join(' or ');
    const guard = single ? first.guard : null;
    // Short on purpose: the guards are in the full view and in the selected arrow's details.
    const label = event;
    const id = `${group.source} ${group.kind}>${group.target}`;
    transitions.push({
      id,
      coverageId: first.coverageId,
      source: group.source,
      targets: [group.target],
      eventType: first.eventType,
      index: index++,
      event,
      guard,
      guardName: single ? first.guardName : null,
      guardNames: [...new Set(group.members.flatMap((member) => member.guardNames))],
      label,
    });
    folded[id] = group.members.map((member) => member.id);
    const style = styleOf(group);
    edges.push({
      id: `${id}>${group.target}`,
      transition: id,
      source: group.source,
      target: group.target,
      container: containerOf(group.source, group.target),
      label: style === undefined ? label : '',
      ...(style === undefined ? {} : { style }),
    });
  }
  return { root: graph.root, states, transitions, edges, folded, detail: 'title' };
}
