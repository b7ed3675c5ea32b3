import {
  BUILTIN_FOCUS_AREA_IDS,
  BUILTIN_ROLE_IDS,
  FocusAreaList,
  PublicUser,
  ROLE_OPTIONS,
  RoleAreaList,
  Team,
  TeamList,
  UPLOADS_PATH,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { API_KEY, useTestTracker } from './helpers.ts';

const t = useTestTracker();

describe('API key', () => {
  it('answers health without a key', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('refuses a request with no key with 401 and a clear message', async () => {
    const res = await t.app.inject({ url: '/teams' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Missing API key: send it in the x-api-key header.',
      code: 'API_KEY_MISSING',
    });
  });

  it('refuses a wrong key, including one differing only in the last character', async () => {
    for (const key of ['nope', `${API_KEY.slice(0, -1)}x`, `${API_KEY}x`]) {
      const res = await t.app.inject({ url: '/teams', headers: { 'x-api-key': key } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('API_KEY_INVALID');
    }
  });

  it('refuses the key on POST routes as well', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/users', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('read endpoints', () => {
  it('GET /teams answers a bare array of teams that match the contract', async () => {
    const res = await t.call({ url: '/teams' });
    expect(res.statusCode).toBe(200);
    const teams = TeamList.parse(res.json());
    for (const area of Object.values(BUILTIN_FOCUS_AREA_IDS)) {
      expect(teams.filter((team) => team.focusAreaId === area).length).toBeGreaterThanOrEqual(3);
    }
    for (const team of teams) {
      expect(team.members.length).toBeGreaterThanOrEqual(2);
      expect(team.members.length).toBeLessThanOrEqual(5);
    }
    // Only members are public: the seed's Pending and Inactive people are left out.
    const statuses = teams.flatMap((team) =>
      team.members.map((m) => ('status' in m ? m.status : '')),
    );
    expect(new Set(statuses)).toEqual(new Set(['Active']));
    for (const team of teams) {
      expect(team.openSeats, team.name).toEqual(expect.any(Number));
    }
    // Every team but one (Founders Circle, full) has a seat for a newcomer.
    expect(teams.filter((team) => (team.openSeats ?? 0) > 0).length).toBe(teams.length - 1);
  });

  it('GET /teams/:id answers members with status and user, never private fields', async () => {
    const res = await t.call({ url: '/teams/1' });
    expect(res.statusCode).toBe(200);
    const team = Team.parse(res.json());
    expect(team.id).toBe(1);
    const body = res.body;
    expect(body).not.toMatch(/@example\.com|"email"|password|scrypt|token/i);
    const first = res.json().members[0];
    expect(Object.keys(first).sort()).toEqual(['id', 'status', 'user']);
    expect(Object.keys(first.user).sort()).toEqual(
      ['about', 'goalSummary', 'id', 'image', 'name', 'status'].sort(),
    );
  });

  it('GET /teams/:id answers 404 for an unknown team and 400 for a malformed id', async () => {
    const missing = await t.call({ url: '/teams/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Team not found', code: 'NOT_FOUND' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.call({ url: `/teams/${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 404, not a database error, for ids too large for any row', async () => {
    for (const url of ['/teams/9999999999', '/users/9999999999', '/teams/2147483648']) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('GET /users/:id answers the public fields only', async () => {
    const res = await t.call({ url: '/users/1' });
    expect(res.statusCode).toBe(200);
    PublicUser.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      ['about', 'goalSummary', 'id', 'image', 'name', 'status'].sort(),
    );
    expect((await t.call({ url: '/users/424242' })).statusCode).toBe(404);
    expect((await t.call({ url: '/users/x' })).statusCode).toBe(400);
  });

  it('GET /users/:id answers applicants and former members exactly like an unknown id', async () => {
    const { memberships } = await import('../src/db/schema.ts');
    const rows = await t.app.database.db.select().from(memberships);
    const unknown = await t.call({ url: '/users/424242' });
    for (const status of ['Pending', 'Inactive'] as const) {
      const row = rows.find((r) => r.status === status);
      expect(row, status).toBeDefined();
      const res = await t.call({ url: `/users/${row?.userId}` });
      expect(res.statusCode, status).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    const member = rows.find((r) => r.status === 'Active');
    expect((await t.call({ url: `/users/${member?.userId}` })).statusCode).toBe(200);
  });

  it('GET /focus-areas lists the four areas with their roles', async () => {
    const res = await t.call({ url: '/focus-areas' });
    expect(res.statusCode).toBe(200);
    const { focusAreas } = FocusAreaList.parse(res.json());
    expect(focusAreas.map((a) => [a.id, a.name.toLowerCase()])).toEqual(
      Object.entries(BUILTIN_FOCUS_AREA_IDS).map(([name, id]) => [id, name]),
    );
    const god = focusAreas.find((a) => a.id === BUILTIN_FOCUS_AREA_IDS.god);
    expect(god?.focusRoles.map((r) => r.name)).toEqual([...ROLE_OPTIONS.god]);
  });

  it('GET /role-areas has the built-in ids and every role the role step offers', async () => {
    const res = await t.call({ url: '/role-areas' });
    expect(res.statusCode).toBe(200);
    const { roleAreas } = RoleAreaList.parse(res.json());
    for (const [name, id] of Object.entries(BUILTIN_ROLE_IDS)) {
      expect(roleAreas.find((r) => r.id === id)?.name.toLowerCase()).toBe(name);
    }
    const names = roleAreas.map((r) => r.name);
    for (const option of Object.values(ROLE_OPTIONS).flat()) expect(names).toContain(option);
  });

  it('serves seed photos without a key, and 404 for unknown or malformed paths', async () => {
    const team = (await t.call({ url: '/teams/1' })).json();
    const image: string = team.members[0].user.image;
    expect(image).toMatch(/^seed\//);
    const photo = await t.app.inject({ url: `${UPLOADS_PATH}/${image}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/svg+xml');
    expect(photo.body).toContain('<svg');
    for (const bad of [
      'seed/nobody.svg',
      'seed/..%2F..%2Fpackage.json',
      'u/x.exe',
      'other/a.png',
    ]) {
      const res = await t.app.inject({ url: `${UPLOADS_PATH}/${bad}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await t.call({ url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
