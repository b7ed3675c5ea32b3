import { HOLD_SECONDS, HoldResponse, PublicUser, Team, TeamList } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_HEADERS, SITE_ORIGIN, sessionCookie, signup, useTestSite } from './helper.ts';

const t = useTestSite();

/** A browser: keeps the session cookie the site gives it, as a real one would. */
function browser() {
  let cookie: string | undefined;
  const remember = <T extends { cookies: { name: string; value: string }[] }>(response: T) => {
    if (response.cookies.some((c) => c.name === 'ap_session')) cookie = sessionCookie(response);
    return response;
  };
  const headers = (extra: Record<string, string> = {}) => ({
    origin: SITE_ORIGIN,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const send = async (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    remember(
      await t.site.inject({
        method,
        url,
        headers: headers(payload ? JSON_HEADERS : {}),
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      }),
    );
  return {
    get cookie() {
      return cookie;
    },
    hold: (teamId: unknown) => send('POST', '/api/holds', { teamId }),
    extend: (id: string) => send('POST', `/api/holds/${id}/extend`),
    release: (id: string) => send('DELETE', `/api/holds/${id}`),
    handOver: (id: string, email: string) => send('POST', `/api/holds/${id}/hand-over`, { email }),
    signUp: (payload: object) => send('POST', '/api/users', payload),
  };
}

/**
 * A team as a browser with this session cookie sees it: the site serves a browser that has just
 * written an answer read after its write, and everyone else answers up to PROXY_CACHE_MS old.
 */
const team = async (id: number, cookie?: string) =>
  Team.parse(
    (
      await t.site.inject({ url: `/api/proxy/teams/${id}`, headers: cookie ? { cookie } : {} })
    ).json(),
  );
const teamNamed = async (name: string) => {
  const teams = TeamList.parse((await t.site.inject({ url: '/api/proxy/teams' })).json());
  const found = teams.find((t) => t.name === name);
  if (!found) throw new Error(`no team ${name}`);
  return found;
};

/**
 * Takes every open seat of the team, each with a browser of its own; the seats are counted as the
 * browser that wrote last sees them (`reader`, the session cookie of the one before).
 */
async function fill(teamId: number, reader?: string) {
  let last = reader;
  for (let seats = (await team(teamId, last)).openSeats ?? 0; seats > 0; seats -= 1) {
    const taker = browser();
    expect((await taker.hold(teamId)).statusCode).toBe(201);
    last = taker.cookie;
  }
  expect((await team(teamId, last)).openSeats).toBe(0);
}

describe('POST /api/holds', () => {
  it('holds a seat for 600 s, starts a session for it, and the team shows one seat fewer', async () => {
    const before = await team(4);
    const visitor = browser();
    const response = await visitor.hold(4);
    expect(response.statusCode).toBe(201);
    const { hold } = HoldResponse.parse(response.json());
    expect(hold).toMatchObject({ teamId: 4, secondsLeft: HOLD_SECONDS });
    const cookie = response.cookies.find((c) => c.name === 'ap_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect((await team(4, visitor.cookie)).openSeats).toBe((before.openSeats ?? 0) - 1);

    expect((await visitor.release(hold.id)).statusCode).toBe(204);
    expect((await team(4, visitor.cookie)).openSeats).toBe(before.openSeats);
  });

  it('keeps one session: a second hold neither changes the cookie nor keeps the first seat', async () => {
    const visitor = browser();
    const first = HoldResponse.parse((await visitor.hold(4)).json()).hold;
    const cookie = visitor.cookie;
    const second = await visitor.hold(5);
    expect(second.cookies.find((c) => c.name === 'ap_session')).toBeUndefined();
    expect(visitor.cookie).toBe(cookie);
    expect((await visitor.extend(first.id)).statusCode).toBe(404);
    expect((await visitor.release(second.json().hold.id)).statusCode).toBe(204);
  });

  it('answers 409 TEAM_FULL for a team with no open seat', async () => {
    const founders = await teamNamed('Founders Circle');
    expect(founders.openSeats).toBe(0);
    const response = await browser().hold(founders.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'TEAM_FULL',
      message: 'Team "Founders Circle" has no open seat right now.',
    });
  });

  it('answers 404 TEAM_NOT_FOUND for an unknown team and 400 for a malformed one', async () => {
    const unknown = await browser().hold(987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEAM_NOT_FOUND');
    for (const teamId of ['sample-team', 0, -1, 1.5, null, { $gt: 0 }]) {
      const response = await browser().hold(teamId);
      expect(response.statusCode, JSON.stringify(teamId)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: /teamId/ });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('takes JSON from the site itself only', async () => {
    const plain = await t.site.inject({
      method: 'POST',
      url: '/api/holds',
      headers: { origin: SITE_ORIGIN, 'content-type': 'text/plain' },
      payload: JSON.stringify({ teamId: 4 }),
    });
    expect(plain.statusCode).toBe(415);
    const foreign = await t.site.inject({
      method: 'POST',
      url: '/api/holds',
      headers: { ...JSON_HEADERS, origin: 'https://evil.example' },
      payload: JSON.stringify({ teamId: 4 }),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('a hold belongs to the browser session that made it', () => {
  it('lets the owner extend it to 600 s from now and release it', async () => {
    const visitor = browser();
    const { hold } = HoldResponse.parse((await visitor.hold(5)).json());
    t.tracker.advance(120_000);
    const extended = await visitor.extend(hold.id);
    expect(extended.statusCode).toBe(200);
    const after = HoldResponse.parse(extended.json()).hold;
    expect(after).toMatchObject({ id: hold.id, teamId: 5, secondsLeft: HOLD_SECONDS });
    expect(Date.parse(after.expiresAt) - Date.parse(hold.expiresAt)).toBeGreaterThanOrEqual(
      120_000,
    );
    expect((await visitor.release(hold.id)).statusCode).toBe(204);
    expect((await visitor.release(hold.id)).json()).toEqual({
      code: 'HOLD_NOT_FOUND',
      message: 'Hold not found',
    });
  });

  it('answers another session, and a browser with no session, 404 as for an unknown hold', async () => {
    const owner = browser();
    const { hold } = HoldResponse.parse((await owner.hold(5)).json());
    const other = browser();
    await other.hold(6);
    for (const response of [
      await other.extend(hold.id),
      await other.release(hold.id),
      await browser().extend(hold.id),
      await browser().release(hold.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('HOLD_NOT_FOUND');
    }
    // Still the owner's: extending works.
    expect((await owner.extend(hold.id)).statusCode).toBe(200);
    await owner.release(hold.id);
  });

  it('answers 400 for a malformed hold id, and 410 HOLD_EXPIRED for a hold that ran out', async () => {
    const visitor = browser();
    const { hold } = HoldResponse.parse((await visitor.hold(6)).json());
    for (const id of ['1', 'x', '..%2Fusers%2F1']) {
      expect((await visitor.extend(id)).statusCode, id).toBe(400);
      expect((await visitor.release(id)).json().code, id).toBe('VALIDATION_ERROR');
    }
    t.tracker.advance(HOLD_SECONDS * 1000);
    const expired = await visitor.extend(hold.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('HOLD_EXPIRED');
  });
});

describe('signing up with a held seat', () => {
  it('turns the held seat into the join request even when every other seat is held', async () => {
    const visitor = browser();
    const { hold } = HoldResponse.parse((await visitor.hold(8)).json());
    const cookie = visitor.cookie;
    await fill(8, visitor.cookie);
    const response = await visitor.signUp(signup({ teamId: 8 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      joinRequestSuccess: true,
      joinRequest: { status: 'pending' },
    });
    // The session goes on, now with the account: the profile step works, the hold is gone.
    expect(visitor.cookie).not.toBe(cookie);
    expect((await visitor.extend(hold.id)).statusCode).toBe(404);
    expect((await team(8, visitor.cookie)).openSeats).toBe(0);

    const late = await browser().signUp(signup({ teamId: 8 }));
    expect(late.json().joinRequestWarning).toBe(
      'Team "Morning Devotions" is full, so no join request was sent.',
    );
  });
});

describe('GET /api/proxy: only members are public', () => {
  it('lists Active members only, with open seats as a number', async () => {
    const teams = TeamList.parse((await t.site.inject({ url: '/api/proxy/teams' })).json());
    for (const t of teams) {
      expect(typeof t.openSeats).toBe('number');
      for (const member of t.members) expect(member).toMatchObject({ status: 'Active' });
    }
    // The spec's client still finds teams with room and members to show.
    expect(teams.some((t) => (t.openSeats ?? 0) > 0 && t.members.length > 0)).toBe(true);
  });

  it('answers an applicant exactly like an unknown id', async () => {
    const created = await browser().signUp(signup({ teamId: 7 }));
    const id = created.json().user.id;
    const unknown = await t.site.inject({ url: '/api/proxy/users/2000000' });
    const applicant = await t.site.inject({ url: `/api/proxy/users/${id}` });
    expect(applicant.statusCode).toBe(404);
    expect(applicant.body).toBe(unknown.body);
  });

  it('lets the session that created an account read it, with its real status, and no one else', async () => {
    const owner = browser();
    const created = await owner.signUp(signup({ teamId: 7 }));
    const id = created.json().user.id;
    const read = (cookie?: string) =>
      t.site.inject({ url: `/api/proxy/users/${id}`, headers: cookie ? { cookie } : {} });
    const own = await read(owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(PublicUser.parse(own.json())).toMatchObject({ id, status: 'Pending' });
    // A read without the session, or with another visitor's, is the unknown id's 404, also right
    // after the owner's read (nothing of it is kept for others).
    const unknown = await t.site.inject({ url: '/api/proxy/users/2000000' });
    const stranger = browser();
    await stranger.hold(6);
    for (const cookie of [undefined, stranger.cookie]) {
      const other = await read(cookie);
      expect(other.statusCode).toBe(404);
      expect(other.body).toBe(unknown.body);
    }
    expect((await read(owner.cookie)).statusCode).toBe(200);
  });
});

describe('any input to the hold endpoints', () => {
  it('answers JSON and never 5xx, whatever the body, id or cookie', async () => {
    const visitor = browser();
    await visitor.hold(6);
    const anyJson = fc.oneof(
      fc.record({ teamId: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null)) }),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(
        anyJson,
        fc.string({ maxLength: 60 }),
        fc.boolean(),
        async (body, id, withSession) => {
          const headers = {
            origin: SITE_ORIGIN,
            ...(withSession && visitor.cookie ? { cookie: visitor.cookie } : {}),
          };
          const path = encodeURIComponent(id) || 'x';
          for (const response of [
            await t.site.inject({
              method: 'POST',
              url: '/api/holds',
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            }),
            await t.site.inject({ method: 'POST', url: `/api/holds/${path}/extend`, headers }),
            await t.site.inject({ method: 'DELETE', url: `/api/holds/${path}`, headers }),
          ]) {
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode !== 204) {
              expect(() => JSON.parse(response.body)).not.toThrow();
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('POST /api/holds/{id}/hand-over', () => {
  it("gives this browser's seat a token for the tracker's sign-in; another browser's seat is not found", async () => {
    const visitor = browser();
    const { hold } = HoldResponse.parse((await visitor.hold(4)).json());
    const stranger = browser();
    await stranger.hold(4);
    const refused = await stranger.handOver(hold.id, 'someone@example.org');
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'HOLD_NOT_FOUND']);
    const bad = await visitor.handOver(hold.id, 'not an address');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);

    const handed = await visitor.handOver(hold.id, 'someone@example.org');
    expect(handed.statusCode).toBe(201);
    expect(handed.json().token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The seat now waits for that account's sign-in: this browser no longer holds it.
    expect((await visitor.extend(hold.id)).statusCode).toBe(404);
  });
});
