/**
 * The names of the membership's states and of what a person can do, without the machine
 * (`@app/membership`, which checks them against its chart): the member API's schemas are built
 * from these, and a browser bundle takes no XState for them.
 */

/** Every leaf state of the membership, as a dotted path: what the tracker derives and stores nowhere. */
export const MEMBERSHIP_STATES = [
  'noTeam',
  'applicant.unmatched',
  'applicant.waiting',
  'approved',
  'member',
  'paused',
  'quiet.missed',
  'quiet.listed',
  'left',
  'declined.undoable',
  'declined.settled',
  'seatFreed.undoable',
  'seatFreed.settled',
  'deleted',
] as const;

export type MembershipState = (typeof MEMBERSHIP_STATES)[number];

export function isMembershipState(value: string): value is MembershipState {
  return (MEMBERSHIP_STATES as readonly string[]).includes(value);
}

/** The events a person can make happen themselves (the home offers these). */
export const MEMBER_EVENTS = [
  'team.ask',
  'pause.start',
  'pause.resume',
  'quiet.end',
  'membership.leave',
  'account.delete',
] as const;

export type MemberEventType = (typeof MEMBER_EVENTS)[number];
