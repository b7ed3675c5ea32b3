import { FALLBACK_TEAM_SIZE } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSelectionIds, SAMPLE_TEAM, selectTeam, toDisplayTeam } from './team.ts';

const active = (id: number) => ({ id, status: 'Active', user: { id, name: `User ${id}` } });
const pending = (id: number) => ({ id, status: 'Pending', user: { id, name: `User ${id}` } });

const team = (
  id: number,
  name: string,
  focusAreaId: number | null,
  focusRoleId: number | null,
  members: unknown[],
) => ({
  id,
  name,
  focusAreaId,
  focusRoleId,
  members,
});

const base = { focusAreas: [], roleAreas: [] };

describe('team selection (spec 4, steps 1-4)', () => {
  it('maps names to ids with the built-in tables when the lists are empty', () => {
    expect(
      resolveSelectionIds({
        ...base,
        teams: [],
        focusAreaName: 'God',
        roleName: 'Spiritually Old Christian',
      }),
    ).toEqual({ focusAreaId: '3', roleId: '2' });
    expect(
      resolveSelectionIds({ ...base, teams: [], focusAreaName: 'work', roleName: 'Employee' }),
    ).toEqual({ focusAreaId: '1', roleId: null });
  });

  it('maps names through the focus-area and role-area lists in either shape', () => {
    expect(
      resolveSelectionIds({
        teams: [],
        focusAreas: [{ id: 21, name: 'Work', roles: [{ id: 31, name: 'Employee' }] }],
        roleAreas: { roleAreas: [] },
        focusAreaName: 'work',
        roleName: 'employee',
      }),
    ).toEqual({ focusAreaId: '21', roleId: '31' });
    expect(
      resolveSelectionIds({
        teams: [],
        focusAreas: { focusAreas: [{ id: 5, name: 'school', focusRoles: [] }] },
        roleAreas: [{ id: 44, name: 'College Student' }],
        focusAreaName: 'School',
        roleName: 'College Student',
      }),
    ).toEqual({ focusAreaId: '5', roleId: '44' });
  });

  it('prefers teams of the role, then of the focus area', () => {
    const teams = [
      team(1, 'Area team', 3, 9, [active(1), active(2), active(3)]),
      team(2, 'Role team', 3, 2, [active(4)]),
    ];
    const byRole = selectTeam({
      ...base,
      teams,
      focusAreaName: 'god',
      roleName: 'Spiritually Old Christian',
    });
    expect(byRole).toEqual({ id: '2', name: 'Role team' });
    const byArea = selectTeam({ ...base, teams, focusAreaName: 'god', roleName: 'Nobody' });
    expect(byArea).toEqual({ id: '1', name: 'Area team' });
  });

  it('falls back to a case-insensitive name match, then to every team', () => {
    const teams = {
      teams: [
        team(1, 'Big Team', null, null, [active(1), active(2)]),
        team(2, 'WORK Crew', null, null, [active(3)]),
      ],
    };
    expect(selectTeam({ ...base, teams, focusAreaName: 'work', roleName: 'Employee' })).toEqual({
      id: '2',
      name: 'WORK Crew',
    });
    expect(selectTeam({ ...base, teams, focusAreaName: 'school', roleName: 'x' })).toEqual({
      id: '1',
      name: 'Big Team',
    });
  });

  it('counts only Active members', () => {
    const teams = [
      team(1, 'Pending crowd', null, null, [pending(1), pending(2), pending(3), active(9)]),
      team(2, 'Small but active', null, null, [active(4), active(5)]),
    ];
    expect(selectTeam({ ...base, teams, focusAreaName: 'x', roleName: 'y' })?.id).toBe('2');
  });

  it('has nothing to choose when there is no team', () => {
    expect(
      selectTeam({ ...base, teams: [], focusAreaName: 'work', roleName: 'Employee' }),
    ).toBeNull();
    expect(
      selectTeam({ ...base, teams: { error: 'nope' }, focusAreaName: 'work', roleName: '' }),
    ).toBeNull();
  });
});

describe('team selection properties', () => {
  const input = fc.record({
    teams: fc.jsonValue(),
    focusAreas: fc.jsonValue(),
    roleAreas: fc.jsonValue(),
    focusAreaName: fc.string(),
    roleName: fc.string(),
  });

  it('never throws, whatever JSON the API returns', () => {
    fc.assert(
      fc.property(input, (value) => {
        selectTeam(value);
        resolveSelectionIds(value);
      }),
    );
  });

  const memberArb = fc.oneof(
    fc.record({
      id: fc.nat(),
      status: fc.constantFrom('Active', 'Pending', 'Inactive'),
      user: fc.record({ id: fc.nat(), name: fc.string() }),
    }),
    fc.record({ id: fc.nat(), name: fc.string(), status: fc.constantFrom('Active', 'Pending') }),
  );
  const teamArb = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta'),
    focusAreaId: fc.constantFrom(null, 1, 2),
    focusRoleId: fc.constantFrom(null, 7, 8),
    members: fc.array(memberArb, { maxLength: 6 }),
  });
  const teamsArb = fc.array(teamArb, { minLength: 1, maxLength: 8 });
  const wrapped = (teams: unknown[], wrap: boolean) => (wrap ? { teams } : teams);

  it('returns a team whenever there is one', () => {
    fc.assert(
      fc.property(
        teamsArb,
        fc.boolean(),
        fc.constantFrom('work', 'school', 'god', 'other'),
        fc.string(),
        (teams, wrap, area, role) => {
          const chosen = selectTeam({
            ...base,
            teams: wrapped(teams, wrap),
            focusAreaName: area,
            roleName: role,
          });
          expect(chosen).not.toBeNull();
          expect(teams.map((t) => String(t.id))).toContain(chosen?.id);
        },
      ),
    );
  });

  it('prefers the candidate with the most Active members', () => {
    fc.assert(
      fc.property(teamsArb, (teams) => {
        // No id or name can match, so every team is a candidate (step 3).
        const chosen = selectTeam({ ...base, teams, focusAreaName: 'zzz', roleName: 'zzz' });
        const activeCount = (t: (typeof teams)[number]) =>
          t.members.filter((m) => m.status === 'Active').length;
        const best = Math.max(...teams.map(activeCount));
        const first = teams.find((t) => activeCount(t) === best);
        expect(chosen?.id).toBe(String(first?.id));
      }),
    );
  });
});

describe('team details and the sample team (spec 4, step 5)', () => {
  it('shows a team with its Active members only', () => {
    const shown = toDisplayTeam(team(7, 'Night Owls', 1, 7, [active(1), pending(2)]));
    expect(shown?.name).toBe('Night Owls');
    expect(shown?.members.map((m) => m.name)).toEqual(['User 1']);
  });

  it('has no team to show when the details lack Active members', () => {
    expect(toDisplayTeam(team(7, 'Empty', 1, 7, []))).toBeNull();
    expect(toDisplayTeam(team(7, 'Pending only', 1, 7, [pending(1)]))).toBeNull();
    expect(toDisplayTeam({ id: 7, name: 'No list' })).toBeNull();
    expect(toDisplayTeam('oops')).toBeNull();
  });

  it('falls back to a three-member sample team with shipped photos', () => {
    expect(SAMPLE_TEAM.members).toHaveLength(FALLBACK_TEAM_SIZE);
    for (const member of SAMPLE_TEAM.members) {
      expect(member.photo).toMatch(/^\/images\/team\/[a-z-]+\.webp$/);
      expect(member.name).not.toBe('Team Member');
    }
  });
});
