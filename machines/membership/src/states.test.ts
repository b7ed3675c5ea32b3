import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { membershipMachine } from './machine.ts';
import { MEMBERSHIP_STATES } from './names.ts';
import { allows, memberOffers, nextState, snapshotOf, statePath } from './states.ts';

describe('the states the tracker derives', () => {
  it('are every leaf state of the machine, each resolvable', () => {
    const leaves = (node: AnyStateNode): string[] => {
      const children = Object.values(node.states);
      return children.length === 0 ? [node.path.join('.')] : children.flatMap(leaves);
    };
    expect(leaves(membershipMachine.root).sort()).toEqual([...MEMBERSHIP_STATES].sort());
    for (const state of MEMBERSHIP_STATES) {
      expect(statePath(snapshotOf(state).value)).toBe(state);
    }
  });

  it('answer what the machine allows and where it leads', () => {
    expect(allows('applicant.waiting', 'request.approve')).toBe(true);
    expect(allows('applicant.unmatched', 'request.approve')).toBe(false);
    expect(nextState('applicant.unmatched', 'request.place')).toBe('applicant.waiting');
    // A placed request moved to another team, or back to waiting.
    expect(nextState('applicant.waiting', 'request.place')).toBe('applicant.waiting');
    expect(nextState('applicant.waiting', 'request.unplace')).toBe('applicant.unmatched');
    expect(allows('member', 'request.unplace')).toBe(false);
    expect(nextState('left', { type: 'team.ask', team: false })).toBe('applicant.unmatched');
    expect(nextState('seatFreed.undoable', 'decision.undo')).toBe('quiet.listed');
    expect(nextState('seatFreed.settled', 'decision.undo')).toBeNull();
    expect(nextState('member', 'account.delete')).toBe('deleted');
    expect(allows('deleted', 'account.delete')).toBe(false);
  });

  it('offer the person a way forward in every state but deleted', () => {
    expect(memberOffers('left')).toEqual(['team.ask', 'account.delete']);
    expect(memberOffers('paused')).toEqual(['pause.resume', 'membership.leave', 'account.delete']);
    expect(memberOffers('quiet.listed')).toEqual([
      'pause.start',
      'quiet.end',
      'membership.leave',
      'account.delete',
    ]);
    expect(memberOffers('deleted')).toEqual([]);
  });
});
