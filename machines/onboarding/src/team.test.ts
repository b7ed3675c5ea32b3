import { FALLBACK_TEAM_SIZE, type TeamView } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankTeams, resolveSelectionIds, SAMPLE_TEAM, selectTeam, toDisplayTeam } from './team.ts';

const person = (id: number) => ({
  id: String(id),
  name: `User ${id}`,
  photo: null,
  aboutMe: 'Team Member',
  goalSummary: 'Has accountability goals',
});

const team = (
  id: number,
  name: string,
  focusAreaId: number | null,
  focusRoleId: number | null,
  activeMembers: number,
  openSeats: number | null = null,
): TeamView => ({
  id: String(id),
  name,
  focusAreaId: focusAreaId === null ? null : String(focusAreaId),
  focusRoleId: focusRoleId === null ? null : String(focusRoleId),
  members: Array.from({ length: activeMembers }, (_, index) => person(id * 100 + index)),
  openSeats,
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

  it('maps names through the focus-area list, its roles and the role-area list', () => {
    expect(
      resolveSelectionIds({
        teams: [],
        focusAreas: [
          { id: 21, name: 'Work', description: null, focusRoles: [{ id: 31, name: 'Employee' }] },
        ],
        roleAreas: [],
        focusAreaName: 'work',
        roleName: 'employee',
      }),
    ).toEqual({ focusAreaId: '21', roleId: '31' });
    expect(
      resolveSelectionIds({
        teams: [],
        focusAreas: [{ id: 5, name: 'school', description: null, focusRoles: [] }],
        roleAreas: [{ id: 44, name: 'College Student', description: null }],
        focusAreaName: 'School',
        roleName: 'College Student',
      }),
    ).toEqual({ focusAreaId: '5', roleId: '44' });
  });

  it('prefers teams of the role, then of the focus area', () => {
    const teams = [team(1, 'Area team', 3, 9, 3), team(2, 'Role team', 3, 2, 1)];
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
    const teams = [team(1, 'Big Team', null, null, 2), team(2, 'WORK Crew', null, null, 1)];
    expect(selectTeam({ ...base, teams, focusAreaName: 'work', roleName: 'Employee' })).toEqual({
      id: '2',
      name: 'WORK Crew',
    });
    expect(selectTeam({ ...base, teams, focusAreaName: 'school', roleName: 'x' })).toEqual({
      id: '1',
      name: 'Big Team',
    });
  });

  it('has nothing to choose when there is no team', () => {
    expect(
      selectTeam({ ...base, teams: [], focusAreaName: 'work', roleName: 'Employee' }),
    ).toBeNull();
  });
});

describe('ranking: the spec candidates first, open seats after', () => {
  it("offers only the prospect's own area, role teams first, most active first", () => {
    const teams = [
      team(1, 'Role team, full', 3, 2, 4, 0),
      team(2, 'Role team', 3, 2, 2, 1),
      team(3, 'Area team', 3, 9, 5, 2),
      team(4, 'Elsewhere', 1, 7, 6, null),
    ];
    const ranked = rankTeams({
      ...base,
      teams,
      focusAreaName: 'god',
      roleName: 'Spiritually Old Christian',
    });
    expect(ranked.map((choice) => choice.id)).toEqual(['2', '3']);
  });

  it("never offers another area's team when the prospect's teams are all full", () => {
    // A Work employee: every Work team is full; a School team has seats.
    const teams = [
      team(1, 'Deep Work Crew', 1, 7, 3, 0),
      team(2, 'Founders Circle', 1, 8, 4, 0),
      team(3, 'Senior Year Sprint', 2, 4, 2, 3),
    ];
    expect(rankTeams({ ...base, teams, focusAreaName: 'work', roleName: 'Employee' })).toEqual([]);
  });

  it('falls back to every team only for an area that has no team at all', () => {
    const teams = [team(1, 'A', 2, 4, 2, 1), team(2, 'B', 3, 1, 3, 1), team(3, 'C', 3, 2, 1, 0)];
    const ranked = rankTeams({ ...base, teams, focusAreaName: 'work', roleName: 'Employee' });
    expect(ranked.map((choice) => choice.id)).toEqual(['2', '1']);
  });

  it('is empty when every team is full', () => {
    const teams = [team(1, 'A', 1, 7, 2, 0), team(2, 'B', 1, 7, 3, 0)];
    expect(rankTeams({ ...base, teams, focusAreaName: 'work', roleName: 'x' })).toEqual([]);
  });

  const teamArb = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta'),
    focusAreaId: fc.constantFrom(null, 1, 2),
    focusRoleId: fc.constantFrom(null, 7, 8),
    active: fc.nat({ max: 6 }),
    openSeats: fc.constantFrom(null, 0, 1, 2),
  });
  const teamsArb = fc
    .uniqueArray(teamArb, { selector: (value) => value.id, minLength: 1, maxLength: 8 })
    .map((list) =>
      list.map((t) => team(t.id, t.name, t.focusAreaId, t.focusRoleId, t.active, t.openSeats)),
    );

  it('ranks only teams with an open seat, each once', () => {
    fc.assert(
      fc.property(
        teamsArb,
        fc.constantFrom('work', 'school', 'god'),
        fc.string(),
        (teams, area, role) => {
          const input = { ...base, teams, focusAreaName: area, roleName: role };
          const ranked = rankTeams(input).map((choice) => choice.id);
          expect(new Set(ranked).size).toBe(ranked.length);
          const open = teams.filter((t) => t.openSeats !== 0).map((t) => t.id);
          for (const id of ranked) expect(open).toContain(id);
        },
      ),
    );
  });

  it('prefers the candidate with the most Active members', () => {
    fc.assert(
      fc.property(teamsArb, (teams) => {
        // No id or name can match, so every team is a candidate (step 3).
        const chosen = selectTeam({ ...base, teams, focusAreaName: 'zzz', roleName: 'zzz' });
        const best = Math.max(...teams.map((t) => t.members.length));
        expect(chosen?.id).toBe(teams.find((t) => t.members.length === best)?.id);
      }),
    );
  });
});

describe('team details and the sample team (spec 4, step 5)', () => {
  it('shows a team with its members', () => {
    const shown = toDisplayTeam(team(7, 'Night Owls', 1, 7, 1));
    expect(shown).toMatchObject({ id: '7', name: 'Night Owls', source: 'api' });
    expect(shown?.members.map((m) => m.name)).toEqual(['User 700']);
  });

  it('has no team to show when the details lack Active members', () => {
    expect(toDisplayTeam(team(7, 'Empty', 1, 7, 0))).toBeNull();
  });

  it('falls back to a three-member sample team with shipped photos', () => {
    expect(SAMPLE_TEAM.members).toHaveLength(FALLBACK_TEAM_SIZE);
    for (const member of SAMPLE_TEAM.members) {
      expect(member.photo).toMatch(/^\/images\/team\/[a-z-]+\.webp$/);
      expect(member.name).not.toBe('Team Member');
    }
  });
});
