import {
  isMembershipState,
  MEMBER_EVENTS,
  type MembershipEvent,
  memberOffers,
  membershipMachine,
  statePath,
} from '@app/membership';
import {
  MEMBERSHIP_CHART_TITLE,
  membershipChartLayout,
  membershipDescription,
  membershipGraph,
} from '@app/membership/chart';
import { toChartScene, transitionId } from '@app/statechart-tools';
import { getInitialSnapshot, type SnapshotFrom, transition } from 'xstate';
import type { ChartView, SearchResult } from './views.ts';

/**
 * The membership machine in the studio: one view of every state and transition, drawn from the
 * layout `pnpm statechart` committed, a sandbox that steps the real machine, and the state links
 * and search the onboarding chart has. Only the studio's chunk loads this.
 */
export const MEMBERSHIP_TITLE = MEMBERSHIP_CHART_TITLE;
export const MEMBERSHIP_GRAPH = membershipGraph();

export const MEMBERSHIP_VIEW: ChartView = {
  key: 'machine',
  file: 'membership',
  label: 'Membership',
  title: MEMBERSHIP_CHART_TITLE,
  description: membershipDescription(MEMBERSHIP_GRAPH),
  graph: MEMBERSHIP_GRAPH,
  layout: membershipChartLayout,
  scene: toChartScene(MEMBERSHIP_GRAPH, membershipChartLayout),
  folded: Object.fromEntries(MEMBERSHIP_GRAPH.transitions.map((t) => [t.id, [t.id]])),
};

export const MEMBERSHIP_CHART_STATES = new Map(
  MEMBERSHIP_GRAPH.states.map((state) => [state.id, state]),
);

/** The link to a state (`#left`, `#declined.settled`): its key when no other state has it. */
export function membershipHash(id: string): string {
  const state = MEMBERSHIP_CHART_STATES.get(id);
  if (state === undefined) return id;
  const clashes = MEMBERSHIP_GRAPH.states.filter((other) => other.key === state.key).length;
  return clashes === 1 ? state.key : state.id;
}

export function membershipStateFromHash(hash: string): string | null {
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  if (wanted === '' || wanted === MEMBERSHIP_GRAPH.root) return null;
  if (MEMBERSHIP_CHART_STATES.has(wanted)) return wanted;
  const byKey = MEMBERSHIP_GRAPH.states.filter((state) => state.key === wanted);
  return byKey.length === 1 ? (byKey[0]?.id ?? null) : null;
}

/** States whose id or title contain every word typed. */
export function searchMembership(query: string): SearchResult[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return MEMBERSHIP_GRAPH.states
    .filter((state) => state.id !== MEMBERSHIP_GRAPH.root)
    .map((state) => ({ id: state.id, text: [state.id, state.title].filter(Boolean).join(' · ') }))
    .filter((result) => words.every((word) => result.text.toLowerCase().includes(word)))
    .sort((a, b) => a.id.length - b.id.length);
}

export type MembershipSnapshot = SnapshotFrom<typeof membershipMachine>;

/** A button of the sandbox: an event the machine may take, in the chart's words. */
export interface MembershipChoice {
  label: string;
  event: MembershipEvent;
  /** Whether the person does it themselves (the member's home offers it). */
  byMember: boolean;
}

const MEMBER_EVENT_TYPES: ReadonlySet<string> = new Set(MEMBER_EVENTS);

/** Every event the machine names, `team.ask` with and without a chosen team. */
const EVENTS: MembershipChoice[] = [
  ...new Set(MEMBERSHIP_GRAPH.transitions.map((t) => t.eventType).filter((type) => type !== '')),
].flatMap((type): MembershipChoice[] => {
  const byMember = MEMBER_EVENT_TYPES.has(type);
  if (type === 'team.ask') {
    return [
      { label: 'team.ask (a team chosen)', event: { type, team: true }, byMember },
      { label: 'team.ask (no team chosen)', event: { type, team: false }, byMember },
    ];
  }
  return [{ label: type, event: { type } as MembershipEvent, byMember }];
});

export interface MembershipStep {
  label: string;
  before: MembershipSnapshot;
  after: MembershipSnapshot;
  /** Ids of the chart's arrows the step took. */
  taken: string[];
}

const BY_COVERAGE_ID = new Map(MEMBERSHIP_GRAPH.transitions.map((t) => [t.coverageId, t.id]));

export const initialMembership = (): MembershipSnapshot => getInitialSnapshot(membershipMachine);

/** The leaf state a snapshot is in (`quiet.listed`), as the tracker names it. */
export function membershipLeaf(snapshot: MembershipSnapshot): string {
  return statePath(snapshot.value);
}

/** The events the machine takes from `snapshot`; an end state takes none. */
export function membershipChoices(snapshot: MembershipSnapshot): MembershipChoice[] {
  if (snapshot.status !== 'active') return [];
  return EVENTS.filter((choice) => snapshot.can(choice.event));
}

export function stepMembership(
  snapshot: MembershipSnapshot,
  choice: MembershipChoice,
): MembershipStep {
  const [after] = transition(membershipMachine, snapshot, choice.event);
  const taken = membershipMachine
    .getTransitionData(snapshot, choice.event)
    .map((definition) => BY_COVERAGE_ID.get(transitionId(definition)))
    .filter((id): id is string => id !== undefined);
  return { label: choice.label, before: snapshot, after, taken };
}

/** What the member's home offers in a state (the machine's member events it allows). */
export function homeOffers(snapshot: MembershipSnapshot): string[] {
  const leaf = membershipLeaf(snapshot);
  return isMembershipState(leaf) ? memberOffers(leaf) : [];
}

/** The sandbox put at a state: the machine resolved there (the tracker derives states the same way). */
export function membershipAt(id: string): MembershipSnapshot | null {
  const chart = MEMBERSHIP_CHART_STATES.get(id);
  if (chart === undefined || chart.id === MEMBERSHIP_GRAPH.root) return null;
  // A compound state is resolved to the child it enters first.
  const [first, second] = chart.path;
  if (first === undefined) return null;
  return membershipMachine.resolveState({
    value: second === undefined ? first : { [first]: second },
    context: {},
  });
}
