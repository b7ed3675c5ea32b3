import { describe, expect, it } from 'vitest';
import { type MembershipFacts, membershipStateOf } from './derive.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const base: MembershipFacts = {
  account: true,
  place: null,
  latestRequest: null,
  placeEnded: false,
  seatFreedAt: null,
  undoWindowMs: 60_000,
  now: NOW,
};
const on = { pausedToday: false, quiet: 'none' } as const;

describe('membershipStateOf', () => {
  it('reads a person without a request or a place as not on a team yet', () => {
    expect(membershipStateOf(base)).toBe('noTeam');
    expect(membershipStateOf({ ...base, account: false })).toBe('deleted');
  });

  it('reads an open join request as an applicant', () => {
    const request = (status: 'unmatched' | 'pending') => ({ status, decidedAt: null });
    expect(membershipStateOf({ ...base, latestRequest: request('unmatched') })).toBe(
      'applicant.unmatched',
    );
    expect(membershipStateOf({ ...base, latestRequest: request('pending') })).toBe(
      'applicant.waiting',
    );
  });

  it('keeps an approval and a decline undoable for the window, then settled', () => {
    const approved = (at: Date) => ({ status: 'approved' as const, decidedAt: at });
    // As the undo itself: a decision 60 s old can still be taken back, not one 60.001 s old.
    expect(membershipStateOf({ ...base, place: on, latestRequest: approved(ago(60_000)) })).toBe(
      'approved',
    );
    expect(membershipStateOf({ ...base, place: on, latestRequest: approved(ago(60_001)) })).toBe(
      'member',
    );
    const declined = (at: Date) => ({ status: 'declined' as const, decidedAt: at });
    expect(membershipStateOf({ ...base, latestRequest: declined(ago(1000)) })).toBe(
      'declined.undoable',
    );
    expect(membershipStateOf({ ...base, latestRequest: declined(ago(61_000)) })).toBe(
      'declined.settled',
    );
    expect(
      membershipStateOf({ ...base, undoWindowMs: 0, place: on, latestRequest: approved(NOW) }),
    ).toBe('member');
  });

  it('puts a pause before everything else on a team, then the quiet spell', () => {
    const approved = { status: 'approved' as const, decidedAt: ago(1000) };
    expect(
      membershipStateOf({ ...base, place: { ...on, pausedToday: true }, latestRequest: approved }),
    ).toBe('paused');
    expect(membershipStateOf({ ...base, place: { ...on, quiet: 'missed' } })).toBe('quiet.missed');
    expect(membershipStateOf({ ...base, place: { ...on, quiet: 'listed' } })).toBe('quiet.listed');
    expect(membershipStateOf({ ...base, place: on })).toBe('member');
  });

  it('tells a freed seat from leaving by the operator freeing it after the approval', () => {
    const approved = { status: 'approved' as const, decidedAt: ago(86_400_000) };
    expect(membershipStateOf({ ...base, latestRequest: approved, placeEnded: true })).toBe('left');
    expect(
      membershipStateOf({
        ...base,
        latestRequest: approved,
        placeEnded: true,
        seatFreedAt: ago(10),
      }),
    ).toBe('seatFreed.undoable');
    expect(
      membershipStateOf({
        ...base,
        latestRequest: approved,
        placeEnded: true,
        seatFreedAt: ago(120_000),
      }),
    ).toBe('seatFreed.settled');
    // A seat freed before this approval belongs to an earlier place: they left this one.
    expect(
      membershipStateOf({
        ...base,
        latestRequest: approved,
        placeEnded: true,
        seatFreedAt: ago(2 * 86_400_000),
      }),
    ).toBe('left');
    // A member who never sent a request (made by an operator) and whose place ended left it.
    expect(membershipStateOf({ ...base, placeEnded: true })).toBe('left');
    // ...and one whose seat an operator freed is off the team the operator's way, undoable a while.
    expect(membershipStateOf({ ...base, placeEnded: true, seatFreedAt: ago(10) })).toBe(
      'seatFreed.undoable',
    );
  });
});
