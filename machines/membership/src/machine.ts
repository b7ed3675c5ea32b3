/**
 * A person's membership after the onboarding, as one statechart: from the account (with or without
 * a join request) to a team and off it again, and back to asking for a team.
 *
 * The machine decides what is allowed; it does nothing itself. The tracker derives a person's
 * state from its rows (`derive.ts`), asks the machine whether an event may happen from there
 * (`allows`), and its services carry the change out in the database, which stays the truth. Events
 * that stand for time passing (`decision.settle`, `pause.lapse`, `quiet.start`, `quiet.list`) or
 * for an answer (`quiet.end`) are what the rows show once it has happened; no service sends them.
 */
import { setup } from 'xstate';

export type MembershipEvent =
  /** The person asks for a team: at sign-up, or again with their account. */
  | { type: 'team.ask'; team: boolean }
  /**
   * An operator puts an unmatched join request on a team with an open seat (a freed seat does it
   * too), or moves a request they placed to another team.
   */
  | { type: 'request.place' }
  /** An operator takes a placed request off its team: it waits for a team again. */
  | { type: 'request.unplace' }
  | { type: 'request.approve' }
  | { type: 'request.decline' }
  /** An operator takes back an approval, a decline or a freed seat within the undo window. */
  | { type: 'decision.undo' }
  /** The undo window has passed: the decision stands. */
  | { type: 'decision.settle' }
  | { type: 'pause.start' }
  /** The member ends their pause before its last day. */
  | { type: 'pause.resume' }
  /** The pause's last day has passed. */
  | { type: 'pause.lapse' }
  /** Check-in days without an answer reached the "we miss you" rule. */
  | { type: 'quiet.start' }
  /** ...and the console's rule, where an operator may free the seat. */
  | { type: 'quiet.list' }
  /** An answer, or "I'm back": the member is with the team again. */
  | { type: 'quiet.end' }
  /** An operator frees a quiet member's seat. */
  | { type: 'seat.free' }
  | { type: 'membership.leave' }
  | { type: 'account.delete' };

export type MembershipEventType = MembershipEvent['type'];

/** What a state is called where people read it (the studio, the docs). */
export interface MembershipMeta {
  title: string;
}

const meta = (title: string): MembershipMeta => ({ title });

export const membershipMachine = setup({
  types: {
    events: {} as MembershipEvent,
    meta: {} as MembershipMeta,
  },
  guards: {
    /** A team was chosen (with a held seat): the request waits for that team's answer. */
    teamChosen: ({ event }) => event.type === 'team.ask' && event.team,
  },
}).createMachine({
  id: 'membership',
  initial: 'noTeam',
  on: {
    'account.delete': { target: '.deleted' },
  },
  states: {
    noTeam: {
      meta: meta('No team yet'),
      on: {
        'team.ask': [
          { guard: 'teamChosen', target: 'applicant.waiting' },
          { target: 'applicant.unmatched' },
        ],
      },
    },
    applicant: {
      meta: meta('Applicant'),
      initial: 'waiting',
      states: {
        unmatched: {
          meta: meta('Waiting for a team to be chosen'),
          on: {
            'request.place': { target: 'waiting' },
            // Choosing a team themselves beats waiting for an operator to choose one.
            'team.ask': { guard: 'teamChosen', target: 'waiting' },
          },
        },
        waiting: {
          meta: meta("Waiting for the team's answer"),
          on: {
            // Only a request an operator placed: the tracker keeps when it was placed.
            'request.place': { target: 'waiting' },
            'request.unplace': { target: 'unmatched' },
            'request.approve': { target: '#membership.approved' },
            'request.decline': { target: '#membership.declined' },
          },
        },
      },
    },
    approved: {
      meta: meta('Approved'),
      on: {
        'decision.undo': { target: 'applicant.waiting' },
        'decision.settle': { target: 'member' },
        'pause.start': { target: 'paused' },
        'membership.leave': { target: 'left' },
      },
    },
    member: {
      meta: meta('Member'),
      on: {
        'pause.start': { target: 'paused' },
        'quiet.start': { target: 'quiet' },
        'membership.leave': { target: 'left' },
      },
    },
    paused: {
      meta: meta('Paused'),
      on: {
        'pause.resume': { target: 'member' },
        'pause.lapse': { target: 'member' },
        'membership.leave': { target: 'left' },
      },
    },
    quiet: {
      meta: meta('Quiet'),
      initial: 'missed',
      on: {
        'quiet.end': { target: 'member' },
        'pause.start': { target: 'paused' },
        'membership.leave': { target: 'left' },
      },
      states: {
        missed: {
          meta: meta('Missed by the team'),
          on: { 'quiet.list': { target: 'listed' } },
        },
        listed: {
          meta: meta('On the quiet members list'),
          on: { 'seat.free': { target: '#membership.seatFreed' } },
        },
      },
    },
    left: {
      meta: meta('Left the team'),
      on: {
        'team.ask': [
          { guard: 'teamChosen', target: 'applicant.waiting' },
          { target: 'applicant.unmatched' },
        ],
      },
    },
    declined: {
      meta: meta('Declined'),
      initial: 'undoable',
      on: {
        'team.ask': [
          { guard: 'teamChosen', target: 'applicant.waiting' },
          { target: 'applicant.unmatched' },
        ],
      },
      states: {
        undoable: {
          meta: meta('Declined, can be taken back'),
          on: {
            'decision.undo': { target: '#membership.applicant.waiting' },
            'decision.settle': { target: 'settled' },
          },
        },
        settled: { meta: meta('Declined for good') },
      },
    },
    seatFreed: {
      meta: meta('Seat freed'),
      initial: 'undoable',
      on: {
        'team.ask': [
          { guard: 'teamChosen', target: 'applicant.waiting' },
          { target: 'applicant.unmatched' },
        ],
      },
      states: {
        undoable: {
          meta: meta('Seat freed, can be taken back'),
          on: {
            // The seat comes back with the quiet spell that lost it.
            'decision.undo': { target: '#membership.quiet.listed' },
            'decision.settle': { target: 'settled' },
          },
        },
        settled: { meta: meta('Seat freed for good') },
      },
    },
    deleted: {
      meta: meta('Deleted'),
      type: 'final',
    },
  },
});

export type MembershipMachine = typeof membershipMachine;
