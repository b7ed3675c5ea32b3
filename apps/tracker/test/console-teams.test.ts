import {
  AuditPage,
  ConsoleTeam,
  ConsoleTeamPage,
  HOLD_OWNER_HEADER,
  ROLE_OPTIONS,
  SEARCH_MAX,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships, teams, users } from '../src/db/schema.ts';
import {
  expectOperatorsOnly,
  type operator as makeOperator,
  operator,
  useTestFrontDoor,
} from './door.ts';
import { joinRequestOf, newUser } from './helpers.ts';

let op: Awaited<ReturnType<typeof makeOperator>>;
const clock = Date.now();
const now = () => clock;

const front = useTestFrontDoor({ now: () => new Date(clock) });
beforeAll(async () => {
  op = await operator(front.tracker, front.door, now);
});

async function newTeam(overrides: Record<string, unknown> = {}) {
  const res = await op.browser.send({
    method: 'POST',
    url: '/api/console/teams',
    payload: {
      name: `Team ${Math.random().toString(36).slice(2, 8)}`,
      focusAreaId: 1,
      focusRoleId: 10,
      capacity: 6,
      ...overrides,
    },
  });
  return res;
}

async function made(overrides: Record<string, unknown> = {}) {
  const res = await newTeam(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return ConsoleTeam.parse(res.json());
}

const setCapacity = (id: number, capacity: unknown) =>
  op.browser.send({
    method: 'PUT',
    url: `/api/console/teams/${id}/capacity`,
    payload: { capacity },
  });

async function signUp(teamId: number) {
  const res = await front.tracker.call({
    method: 'POST',
    url: '/users',
    payload: newUser({ teamId }),
  });
  expect(res.statusCode).toBe(201);
  return Number(res.json().user.id);
}

async function capacityOf(id: number) {
  const [row] = await front.tracker.app.database.db.select().from(teams).where(eq(teams.id, id));
  return row?.capacity;
}

async function seated(teamId: number) {
  const rows = await front.tracker.app.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId)));
  return rows.filter((m) => m.status !== 'Inactive').length;
}

async function audit(limit = 100) {
  return AuditPage.parse(
    (await op.browser.send({ method: 'GET', url: `/api/console/audit?limit=${limit}` })).json(),
  ).items;
}

describe('teams in the console', () => {
  it('answers signed-out 401, a member 403 and an operator without the second factor 403', async () => {
    const routes = [
      { method: 'GET', url: '/api/console/teams/overview' },
      { method: 'GET', url: '/api/console/focus-areas' },
      {
        method: 'POST',
        url: '/api/console/teams',
        payload: { name: 'Nobody', focusAreaId: 1, focusRoleId: 10, capacity: 5 },
      },
      { method: 'PUT', url: '/api/console/teams/1/capacity', payload: { capacity: 40 } },
    ] as const;
    await expectOperatorsOnly(front.tracker, front.door, now, routes);
    expect(await capacityOf(1)).not.toBe(40);
    const names = (await front.tracker.app.database.db.select().from(teams)).map((row) => row.name);
    expect(names).not.toContain('Nobody');
  });

  it('lists each team with its area, role, capacity, members, live holds and open seats', async () => {
    const team = await made({ name: 'Morning Pages', capacity: 5 });
    const active = await signUp(team.id);
    const pending = await signUp(team.id);
    const request = await joinRequestOf(front.tracker, active);
    expect(
      (
        await op.browser.send({
          method: 'POST',
          url: `/api/console/join-requests/${request.id}/approval`,
        })
      ).statusCode,
    ).toBe(200);
    const held = await front.tracker.call({
      method: 'POST',
      url: '/holds',
      headers: { [HOLD_OWNER_HEADER]: 'someone-on-the-team-step-0001' },
      payload: { teamId: team.id },
    });
    expect(held.statusCode).toBe(201);

    const all = ConsoleTeamPage.parse(
      (
        await op.browser.send({ method: 'GET', url: '/api/console/teams/overview?limit=100' })
      ).json(),
    );
    const listed = all.items.find((item) => item.id === team.id);
    expect(listed).toMatchObject({
      name: 'Morning Pages',
      focusArea: { id: 1, name: 'Work' },
      role: { id: 10 },
      capacity: 5,
      active: 1,
      pending: 1,
      liveHolds: 1,
      openSeats: 2,
    });
    expect(listed?.members.map((m) => [m.id > 0, m.status])).toEqual([
      [true, 'Active'],
      [true, 'Pending'],
    ]);
    expect(listed?.members.map((m) => m.email)).toHaveLength(2);
    expect(pending).toBeGreaterThan(active);
    // Pages by id.
    const ids = all.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = ConsoleTeamPage.parse(
      (
        await op.browser.send({
          method: 'GET',
          url: '/api/console/teams/overview?limit=2&offset=1',
        })
      ).json(),
    );
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(1, 3));
    expect(second.total).toBe(all.total);
  });

  it('refuses a capacity below Active + Pending with a clear error, and changes nothing', async () => {
    const team = await made({ capacity: 4 });
    await signUp(team.id);
    await signUp(team.id);
    await signUp(team.id);
    const before = (await audit()).length;

    const below = await setCapacity(team.id, 2);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'CAPACITY_BELOW_MEMBERS',
      message: `Team "${team.name}" has 3 Active and Pending members: its capacity cannot be less than 3.`,
      details: [{ path: 'capacity', message: 'Capacity must be at least 3' }],
    });
    expect(await capacityOf(team.id)).toBe(4);
    expect(await audit()).toHaveLength(before);

    for (const bad of [0, -1, 2.5, 'many', null, 501]) {
      const res = await setCapacity(team.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await setCapacity(999_999, 10)).statusCode).toBe(404);
    expect(await capacityOf(team.id)).toBe(4);
    expect(await audit()).toHaveLength(before);

    // Down to exactly its members and applicants, then up again: both logged, before and after.
    const exact = await setCapacity(team.id, 3);
    expect(exact.statusCode).toBe(200);
    expect(ConsoleTeam.parse(exact.json())).toMatchObject({
      capacity: 3,
      pending: 3,
      openSeats: 0,
    });
    const up = await setCapacity(team.id, 8);
    expect(up.json()).toMatchObject({ capacity: 8, openSeats: 5 });
    const entries = (await audit(2)).map((e) => [e.action, e.target, e.before, e.after]);
    expect(entries).toEqual([
      ['team.capacity', `team:${team.id}`, { capacity: 3 }, { capacity: 8 }],
      ['team.capacity', `team:${team.id}`, { capacity: 4 }, { capacity: 3 }],
    ]);
  });

  it('keeps capacity at or above Active + Pending with edits, sign-ups and approvals at once', async () => {
    const team = await made({ capacity: 10 });
    const users = [];
    for (let i = 0; i < 4; i += 1) users.push(await signUp(team.id));
    const requests = await Promise.all(users.map((id) => joinRequestOf(front.tracker, id)));
    const answers = await Promise.all([
      setCapacity(team.id, 4),
      ...requests.map((r) =>
        op.browser.send({ method: 'POST', url: `/api/console/join-requests/${r.id}/approval` }),
      ),
      front.tracker.call({ method: 'POST', url: '/users', payload: newUser({ teamId: team.id }) }),
      setCapacity(team.id, 4),
    ]);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
    const capacity = await capacityOf(team.id);
    expect(capacity).toBeDefined();
    expect(await seated(team.id)).toBeLessThanOrEqual(capacity ?? 0);
  });

  it('offers exactly the roles a prospect can choose on the site, per area', async () => {
    const res = await op.browser.send({ method: 'GET', url: '/api/console/focus-areas' });
    expect(res.statusCode).toBe(200);
    const offered = Object.fromEntries(
      (res.json().focusAreas as { name: string; roles: { name: string }[] }[]).map((area) => [
        area.name.toLowerCase(),
        area.roles.map((role) => role.name),
      ]),
    );
    // The site's role step (contracts ROLE_OPTIONS) is the one list.
    expect(offered).toEqual({
      work: [...ROLE_OPTIONS.work],
      school: [...ROLE_OPTIONS.school],
      god: [...ROLE_OPTIONS.god],
      other: [],
    });
  });

  it('makes a team for a focus area and one of its roles, and logs it', async () => {
    const team = await made({ name: '  Night Shift Writers ', focusAreaId: 2, focusRoleId: 6 });
    expect(team).toMatchObject({
      name: 'Night Shift Writers',
      focusArea: { id: 2, name: 'School' },
      role: { id: 6, name: 'Adult Learner' },
      capacity: 6,
      active: 0,
      pending: 0,
      liveHolds: 0,
      openSeats: 6,
      members: [],
    });
    const [entry] = await audit(1);
    expect(entry).toMatchObject({
      action: 'team.created',
      target: `team:${team.id}`,
      before: null,
      after: { name: 'Night Shift Writers', focusAreaId: 2, focusRoleId: 6, capacity: 6 },
      operator: { id: op.id },
    });
    // An area that offers no roles takes none.
    const other = await made({ focusAreaId: 4, focusRoleId: null });
    expect(other.role).toBeNull();
    // Visitors can be matched to it at once through the site's API.
    const listed = (await front.tracker.call({ url: `/teams/${team.id}` })).json();
    expect(listed).toMatchObject({ id: team.id, focusAreaId: 2, focusRoleId: 6, openSeats: 6 });
  });

  it('refuses a team that is not whole, with the field it is about, and makes nothing', async () => {
    const before = (await front.tracker.app.database.db.select().from(teams)).length;
    const auditBefore = (await audit()).length;
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ name: '   ' }, 400, 'VALIDATION_ERROR', 'name'],
      [{ name: 'x'.repeat(81) }, 400, 'VALIDATION_ERROR', 'name'],
      [{ focusAreaId: 'work' }, 400, 'VALIDATION_ERROR', 'focusAreaId'],
      [{ focusAreaId: 99 }, 400, 'VALIDATION_ERROR', 'focusAreaId'],
      [{ focusRoleId: null }, 400, 'VALIDATION_ERROR', 'focusRoleId'],
      // A role of another area (Adult Learner is School's).
      [{ focusRoleId: 6 }, 400, 'VALIDATION_ERROR', 'focusRoleId'],
      // A role of the area that no prospect can choose on the site (Teacher, Job Seeker).
      [{ focusAreaId: 2, focusRoleId: 5 }, 400, 'VALIDATION_ERROR', 'focusRoleId'],
      [{ focusAreaId: 1, focusRoleId: 9 }, 400, 'VALIDATION_ERROR', 'focusRoleId'],
      [{ focusAreaId: 4, focusRoleId: 10 }, 400, 'VALIDATION_ERROR', 'focusRoleId'],
      [{ capacity: 0 }, 400, 'VALIDATION_ERROR', 'capacity'],
      [{ capacity: 501 }, 400, 'VALIDATION_ERROR', 'capacity'],
      [{ capacity: '' }, 400, 'VALIDATION_ERROR', 'capacity'],
      [{ name: 'deep work crew' }, 409, 'TEAM_NAME_TAKEN', 'name'],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await newTeam(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().details?.[0]?.path, JSON.stringify(body)).toBe(path);
    }
    const garbage = await op.browser.send({
      method: 'POST',
      url: '/api/console/teams',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await front.tracker.app.database.db.select().from(teams)).length).toBe(before);
    expect(await audit()).toHaveLength(auditBefore);
  });
});

describe('finding teams and audit lines in the console', () => {
  const tag = () => Math.random().toString(36).slice(2, 8);

  async function teamsMatching(query: string) {
    const res = await op.browser.send({
      method: 'GET',
      url: `/api/console/teams/overview?${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ConsoleTeamPage.parse(res.json());
  }

  async function auditMatching(query: string) {
    const res = await op.browser.send({ method: 'GET', url: `/api/console/audit?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return AuditPage.parse(res.json());
  }

  it('finds teams by part of their name, or of a member’s name or address, case-insensitively', async () => {
    const word = tag();
    const named = await made({ name: `Lantern ${word} Club` });
    const other = await made({ name: `Other ${tag()}` });
    const member = newUser({ teamId: other.id, name: `Wren ${word}kin` });
    expect(
      (await front.tracker.call({ method: 'POST', url: '/users', payload: member })).statusCode,
    ).toBe(201);

    const byWord = await teamsMatching(`q=${word.toUpperCase()}`);
    expect(byWord.items.map((team) => team.id)).toEqual([named.id, other.id]);
    expect(byWord.total).toBe(2);
    expect(byWord.items[1]?.members.map((m) => m.name)).toEqual([`Wren ${word}kin`]);
    const byEmail = await teamsMatching(`q=${encodeURIComponent(member.email)}`);
    expect(byEmail.items.map((team) => team.id)).toEqual([other.id]);
    // Paged like the whole list.
    const second = await teamsMatching(`q=${word}&limit=1&offset=1`);
    expect(second).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(second.items.map((team) => team.id)).toEqual([other.id]);
    // Blank is no search; % and _ are only themselves.
    expect((await teamsMatching('q=%20%20')).total).toBe((await teamsMatching('')).total);
    expect((await teamsMatching('q=%25')).total).toBe(0);
    expect((await teamsMatching('q=_')).total).toBe(0);
    expect(await teamsMatching(`q=nothing-is-called-${tag()}`)).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('finds audit lines by the operator’s or the target’s name, and by action', async () => {
    const word = tag();
    const team = await made({ name: `Beacon ${word}` });
    expect((await setCapacity(team.id, 9)).statusCode).toBe(200);

    const byTarget = await auditMatching(`q=beacon%20${word}`);
    expect(byTarget.items.map((e) => [e.action, e.targetName])).toEqual([
      ['team.capacity', `Team Beacon ${word}`],
      ['team.created', `Team Beacon ${word}`],
    ]);
    expect(byTarget.total).toBe(2);
    const oneAction = await auditMatching(`q=${word}&action=team.created`);
    expect(oneAction.items.map((e) => e.action)).toEqual(['team.created']);
    const everyCreation = await auditMatching('action=team.created&limit=100');
    expect(everyCreation.total).toBeGreaterThanOrEqual(1);
    expect(everyCreation.items.every((e) => e.action === 'team.created')).toBe(true);

    // The operator by name: this one's lines, and nobody else's.
    const operatorName = `Orla ${tag()}`;
    await front.tracker.app.database.db
      .update(users)
      .set({ name: operatorName })
      .where(eq(users.id, op.id));
    const byOperator = await auditMatching(`q=${encodeURIComponent(operatorName)}&limit=100`);
    expect(byOperator.total).toBeGreaterThanOrEqual(2);
    expect(byOperator.items.every((e) => e.operator.id === op.id)).toBe(true);
    expect(byOperator.items.map((e) => e.target)).toContain(`team:${team.id}`);

    expect(await auditMatching(`q=nothing-is-called-${tag()}`)).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await auditMatching('q=%25')).total).toBe(0);
  });

  it('keeps the teams of one focus area, with or without a search', async () => {
    const word = tag();
    const work = await made({ name: `Anvil ${word}` });
    const other = await made({ name: `Anvil ${word} Other`, focusAreaId: 4, focusRoleId: null });
    expect((await teamsMatching(`q=${word}&area=work`)).items.map((team) => team.id)).toEqual([
      work.id,
    ]);
    expect((await teamsMatching(`q=${word}&area=other`)).items.map((team) => team.id)).toEqual([
      other.id,
    ]);
    expect((await teamsMatching(`q=${word}&area=god`)).total).toBe(0);
    const school = await teamsMatching('area=school&limit=100');
    expect(school.total).toBeGreaterThan(0);
    expect(school.items.every((team) => team.focusArea?.name === 'School')).toBe(true);
  });

  it('keeps the audit lines of one operator, by account id', async () => {
    const other = await operator(front.tracker, front.door, now);
    const team = await made({ name: `Forge ${tag()}` });
    expect(
      (
        await other.browser.send({
          method: 'PUT',
          url: `/api/console/teams/${team.id}/capacity`,
          payload: { capacity: 8 },
        })
      ).statusCode,
    ).toBe(200);
    const theirs = await auditMatching(`operator=${other.id}&limit=100`);
    // Their enrolment and the capacity they set; the team op made is not theirs.
    expect(theirs.items.map((e) => e.action)).toEqual(['team.capacity', 'second-factor.enrolled']);
    expect(theirs.items.every((e) => e.operator.id === other.id)).toBe(true);
    const mine = await auditMatching(`operator=${op.id}&action=team.created&limit=100`);
    expect(mine.items.map((e) => e.target)).toContain(`team:${team.id}`);
    expect(mine.items.every((e) => e.operator.id === op.id && e.action === 'team.created')).toBe(
      true,
    );
  });

  it('refuses an unknown area or operator with a clear 400', async () => {
    for (const [url, path, message] of [
      ['/api/console/teams/overview?area=sports', 'area', 'Choose one of the areas'],
      ['/api/console/audit?operator=abc', 'operator', 'Choose one of the operators'],
      ['/api/console/audit?operator=0', 'operator', 'Choose one of the operators'],
      ['/api/console/audit?operator=99999999999', 'operator', 'Choose one of the operators'],
      ['/api/console/audit?operator=999999', 'operator', 'Choose one of the operators'],
    ] as const) {
      const res = await op.browser.send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path, message: expect.stringContaining(message) }],
      });
    }
  });

  it('refuses a search that is too long, or an action it does not know, with a clear 400', async () => {
    for (const url of [
      `/api/console/teams/overview?q=${'x'.repeat(SEARCH_MAX + 1)}`,
      `/api/console/audit?q=${'x'.repeat(SEARCH_MAX + 1)}`,
    ]) {
      const res = await op.browser.send({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(`Search for at most ${SEARCH_MAX} characters`),
        details: [{ path: 'q', message: `Search for at most ${SEARCH_MAX} characters` }],
      });
    }
    const atMost = await op.browser.send({
      method: 'GET',
      url: `/api/console/teams/overview?q=${'x'.repeat(SEARCH_MAX)}`,
    });
    expect(atMost.statusCode).toBe(200);
    const unknown = await op.browser.send({
      method: 'GET',
      url: '/api/console/audit?action=team.deleted',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'action', message: 'Choose one of the actions the audit log records' }],
    });
  });
});
