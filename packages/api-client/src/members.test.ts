import { UPLOADS_PATH } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBER_DEFAULTS, normaliseMember, normaliseMembers, normaliseUser } from './members.ts';

describe('member normalisation (spec 3)', () => {
  it('reads the member-with-user shape', () => {
    expect(
      normaliseMember({
        id: 3,
        status: 'Active',
        user: {
          id: 12,
          name: 'Grace Hopper',
          image: 'seed/grace.webp',
          about: 'Admiral',
          goalSummary: 'Teach COBOL',
        },
      }),
    ).toEqual({
      id: '12',
      name: 'Grace Hopper',
      photo: `${UPLOADS_PATH}/seed/grace.webp`,
      aboutMe: 'Admiral',
      goalSummary: 'Teach COBOL',
    });
  });

  it('reads the flat shape with alternative field names', () => {
    expect(
      normaliseMember({
        id: 'm1',
        name: 'Alan',
        avatarUrl: 'https://cdn.example.com/a.png',
        bio: 'Codebreaker',
        goal: 'Run a marathon',
      }),
    ).toEqual({
      id: 'm1',
      name: 'Alan',
      photo: 'https://cdn.example.com/a.png',
      aboutMe: 'Codebreaker',
      goalSummary: 'Run a marathon',
    });
    expect(
      normaliseMember({ id: 2, photoUrl: 'images/team/x.webp', goalDescription: 'Ship' }),
    ).toMatchObject({
      photo: '/images/team/x.webp',
      goalSummary: 'Ship',
    });
  });

  it('fills in the defaults', () => {
    expect(normaliseMember({ id: 5, status: 'Active', user: { id: 5, name: '  ' } })).toEqual({
      id: '5',
      name: MEMBER_DEFAULTS.name,
      photo: null,
      aboutMe: 'Team Member',
      goalSummary: 'Has accountability goals',
    });
  });

  it('keeps Active members only', () => {
    const members = normaliseMembers([
      { id: 1, status: 'Active', user: { id: 1, name: 'A' } },
      { id: 2, status: 'Pending', user: { id: 2, name: 'B' } },
      { id: 3, status: 'Inactive', name: 'C' },
      { id: 4, name: 'D' },
      null,
      'text',
    ]);
    expect(members.map((m) => m.name)).toEqual(['A', 'D']);
  });

  it('never throws and never returns a member that is not Active', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const members = normaliseMembers(Array.isArray(value) ? value : [value]);
        for (const member of members) {
          expect(typeof member.id).toBe('string');
          expect(member.name.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('user normalisation (spec 3)', () => {
  it('folds the alternative names and defaults the status to Active', () => {
    expect(
      normaliseUser({
        id: 8,
        name: 'Ada',
        photoUrl: 'u/ada.webp',
        bio: 'Maths',
        goalDescription: 'Notes',
      }),
    ).toEqual({
      id: '8',
      name: 'Ada',
      photo: `${UPLOADS_PATH}/u/ada.webp`,
      about: 'Maths',
      goalSummary: 'Notes',
      status: 'Active',
    });
    expect(normaliseUser([1, 2])).toBeNull();
  });
});
