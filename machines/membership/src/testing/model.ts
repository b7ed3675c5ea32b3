/**
 * The membership machine's model: `@app/statechart-tools/testing` bound to the machine. Every event
 * of the machine is one the model may send anywhere (`team.ask` with and without a chosen team);
 * there are no calls to settle and no delays, as time reaches the machine as events.
 */
import * as kit from '@app/statechart-tools/testing';
import type { ActorLogic, EventObject, SnapshotFrom } from 'xstate';
import { type MembershipEvent, membershipMachine } from '../machine.ts';

export type MembershipSnapshot = SnapshotFrom<typeof membershipMachine>;

export const MODEL_EVENTS: readonly MembershipEvent[] = [
  { type: 'team.ask', team: true },
  { type: 'team.ask', team: false },
  { type: 'request.place' },
  { type: 'request.unplace' },
  { type: 'request.approve' },
  { type: 'request.decline' },
  { type: 'decision.undo' },
  { type: 'decision.settle' },
  { type: 'pause.start' },
  { type: 'pause.resume' },
  { type: 'pause.lapse' },
  { type: 'quiet.start' },
  { type: 'quiet.list' },
  { type: 'quiet.end' },
  { type: 'seat.free' },
  { type: 'membership.leave' },
  { type: 'account.delete' },
];

function isMachineEvent(event: EventObject): event is MembershipEvent {
  return MODEL_EVENTS.some((known) => known.type === event.type);
}

function toMachineEvent(event: EventObject): MembershipEvent {
  if (!isMachineEvent(event)) throw new Error(`Not a membership event: ${JSON.stringify(event)}`);
  return event;
}

export const modelLogic: ActorLogic<MembershipSnapshot, MembershipEvent, undefined> = {
  config: membershipMachine.config,
  transition: (snapshot, event, scope) =>
    membershipMachine.transition(snapshot, toMachineEvent(event), scope),
  getInitialSnapshot: (scope, input) => membershipMachine.getInitialSnapshot(scope, input),
  getPersistedSnapshot: (snapshot) => membershipMachine.getPersistedSnapshot(snapshot),
};

export const MEMBERSHIP_MODEL = {
  machine: membershipMachine,
  logic: modelLogic,
  input: undefined,
  // Nothing happens to a deleted account.
  events: (snapshot: MembershipSnapshot) => (snapshot.status === 'done' ? [] : [...MODEL_EVENTS]),
  serializeState: (snapshot: MembershipSnapshot) =>
    `${JSON.stringify(snapshot.value)}${snapshot.status === 'done' ? ' (done)' : ''}`,
  actors: [],
  toMachineEvent,
} satisfies kit.ModelSpec<MembershipSnapshot, MembershipEvent, undefined, never, MembershipEvent>;

export type ModelPath = kit.ModelPath<MembershipSnapshot, MembershipEvent>;

export const createMembershipTestModel = () => kit.createTestModel(MEMBERSHIP_MODEL);

export const getCoveringPaths = (): ModelPath[] => kit.getCoveringPaths(MEMBERSHIP_MODEL);

export const deadEnds = (): string[] => kit.deadEnds(MEMBERSHIP_MODEL);

/** States from which the person can never be on a team again (the final one left out). */
export const cannotBeMemberAgain = (): string[] =>
  kit.cannotReach(MEMBERSHIP_MODEL, (snapshot) => snapshot.matches('member'));

export const allStateNodes = () => kit.allStateNodes(membershipMachine);
export const allTransitionIds = () => kit.allTransitionIds(membershipMachine);
export const formatCoverage = (coverage: kit.LevelCoverage) =>
  kit.formatCoverage(membershipMachine, coverage);
export const missingStates = (coverage: kit.LevelCoverage) =>
  kit.missingStates(membershipMachine, coverage);
export const missingTransitions = (coverage: kit.LevelCoverage) =>
  kit.missingTransitions(membershipMachine, coverage);
