import { type StateValue, transition } from 'xstate';
import { type MembershipEvent, type MembershipEventType, membershipMachine } from './machine.ts';
import {
  isMembershipState,
  MEMBER_EVENTS,
  type MemberEventType,
  type MembershipState,
} from './names.ts';

/** `{ quiet: 'listed' }` -> 'quiet.listed'. */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? [];
  if (key === undefined || child === undefined) return '';
  return `${key}.${statePath(child)}`;
}

function toValue(state: MembershipState): StateValue {
  const [parent, child] = state.split('.');
  return child === undefined || parent === undefined ? state : { [parent]: child };
}

export const snapshotOf = (state: MembershipState) =>
  membershipMachine.resolveState({ value: toValue(state), context: {} });

/** The event as the machine receives it; `team.ask` without a word about the team asks for one. */
function eventOf(event: MembershipEvent | MembershipEventType): MembershipEvent {
  if (typeof event !== 'string') return event;
  return event === 'team.ask' ? { type: 'team.ask', team: true } : { type: event };
}

/** A snapshot resolved at the final state is not marked done, but nothing leaves it. */
const ended = (snapshot: ReturnType<typeof snapshotOf>) =>
  snapshot._nodes.some((node) => node.type === 'final' && node.parent === membershipMachine.root);

/** Whether the machine allows `event` from `state`. */
export function allows(state: MembershipState, event: MembershipEvent | MembershipEventType) {
  const snapshot = snapshotOf(state);
  return !ended(snapshot) && snapshot.can(eventOf(event));
}

/** The state `event` leads to from `state`, or null when the machine does not allow it. */
export function nextState(
  state: MembershipState,
  event: MembershipEvent | MembershipEventType,
): MembershipState | null {
  const from = snapshotOf(state);
  const e = eventOf(event);
  if (!allows(state, e)) return null;
  const [next] = transition(membershipMachine, from, e);
  const path = statePath(next.value);
  return isMembershipState(path) ? path : null;
}

/** What the person can do from `state`, in the order of `MEMBER_EVENTS`. */
export function memberOffers(state: MembershipState): MemberEventType[] {
  return MEMBER_EVENTS.filter((event) => allows(state, event));
}
