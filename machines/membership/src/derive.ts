/**
 * A person's membership state, read from what the tracker stores about them: their account, their
 * Active place on a team (and whether today is paused, how quiet they are), their latest join
 * request, and when an operator last freed their seat. The tracker gathers these facts from its
 * rows; this is the one place that turns them into a state of the machine.
 */
import type { MembershipState } from './names.ts';

export type JoinRequestStatus = 'unmatched' | 'pending' | 'approved' | 'declined';

/** How quiet a member on a team is: not, past the "we miss you" rule, or on the console's list. */
export type Quietness = 'none' | 'missed' | 'listed';

export interface MembershipFacts {
  /** False once the account is deleted (or never was). */
  account: boolean;
  /** Their Active place on a team, or null. */
  place: { pausedToday: boolean; quiet: Quietness } | null;
  /** Their newest join request, or null when they never sent one that went through. */
  latestRequest: { status: JoinRequestStatus; decidedAt: Date | null } | null;
  /** Whether they ever had a place on a team that has ended (with or without a join request). */
  placeEnded: boolean;
  /** When an operator last freed their seat; null when none ever was. */
  seatFreedAt: Date | null;
  /** How long an operator's decision can be taken back (0: not at all). */
  undoWindowMs: number;
  now: Date;
}

const within = (at: Date | null, facts: MembershipFacts) =>
  at !== null && facts.undoWindowMs > 0 && facts.now.getTime() - at.getTime() <= facts.undoWindowMs;

export function membershipStateOf(facts: MembershipFacts): MembershipState {
  if (!facts.account) return 'deleted';
  const request = facts.latestRequest;
  const { place } = facts;
  if (place !== null) {
    if (place.pausedToday) return 'paused';
    if (request?.status === 'approved' && within(request.decidedAt, facts)) return 'approved';
    if (place.quiet === 'listed') return 'quiet.listed';
    if (place.quiet === 'missed') return 'quiet.missed';
    return 'member';
  }
  const freed = facts.seatFreedAt;
  // A seat freed after the approval (or of a place that came without a request, as seeded
  // members' do) ended the membership the operator's way, not the person's.
  if (
    freed !== null &&
    (request === null ||
      (request.status === 'approved' && (request.decidedAt === null || freed >= request.decidedAt)))
  ) {
    return within(freed, facts) ? 'seatFreed.undoable' : 'seatFreed.settled';
  }
  switch (request?.status) {
    case 'unmatched':
      return 'applicant.unmatched';
    case 'pending':
      return 'applicant.waiting';
    case 'declined':
      return within(request.decidedAt, facts) ? 'declined.undoable' : 'declined.settled';
    case 'approved':
      return 'left';
    default:
      return facts.placeEnded ? 'left' : 'noTeam';
  }
}
