import { CreateUserResponse, MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { JOIN_REQUEST_WARNINGS } from '../src/services/users.ts';
import { membershipStatus, newUser, useTestTracker } from './helpers.ts';

const t = useTestTracker();

const post = (payload: unknown) =>
  t.call({ method: 'POST', url: '/users', payload: payload as object });

describe('POST /users', () => {
  it('creates the user, a Pending membership and a join request', async () => {
    const body = newUser({ teamId: 2, name: 'Ada Lovelace' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const answer = CreateUserResponse.parse(res.json());
    expect(answer.joinRequestSuccess).toBe(true);
    expect(answer.joinRequestWarning).toBeUndefined();

    expect(answer.joinRequest).toEqual({ status: 'pending' });
    expect(await membershipStatus(t, 2, Number(answer.user.id))).toBe('Pending');
    // An applicant is not public: neither in the team's members nor by id.
    const team = (await t.call({ url: '/teams/2' })).json();
    expect(team.members.some((m: { user: { id: number } }) => m.user.id === answer.user.id)).toBe(
      false,
    );
    expect((await t.call({ url: `/users/${answer.user.id}` })).statusCode).toBe(404);

    const pending = (await t.call({ url: '/join-requests?status=pending' })).json();
    expect(
      pending.joinRequests.some(
        (r: { user: { id: number }; team: { id: number } }) =>
          r.user.id === answer.user.id && r.team.id === 2,
      ),
    ).toBe(true);
  });

  it('accepts a numeric team id given as a string', async () => {
    const res = await post(newUser({ teamId: '2' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().joinRequestSuccess).toBe(true);
  });

  it('never returns the password or its hash', async () => {
    const body = newUser();
    const res = await post(body);
    expect(res.body).not.toContain(body.password);
    expect(res.body).not.toContain('scrypt');
    const user = (await t.call({ url: `/users/${res.json().user.id}` })).body;
    expect(user).not.toContain('scrypt');
    expect(user).not.toContain(body.email);
  });

  it('refuses a second account with the same email, whatever its case, with 409', async () => {
    const body = newUser({ email: 'Grace.Hopper@Example.org' });
    expect((await post(body)).statusCode).toBe(201);
    const again = await post({ ...body, email: '  grace.hopper@EXAMPLE.ORG ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(again.json().message).toMatch(/already exists/);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const body = newUser();
    const answers = await Promise.all([
      post(body),
      post({ ...body, email: body.email.toUpperCase() }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('records an unmatched join request when the team id names no team', async () => {
    for (const teamId of ['sample-team', 987654]) {
      const res = await post(newUser({ teamId }));
      expect(res.statusCode).toBe(201);
      const answer = CreateUserResponse.parse(res.json());
      expect(answer.joinRequestSuccess).toBe(true);
      expect(answer.joinRequestWarning).toBeUndefined();
      expect(answer.joinRequest).toEqual({ status: 'unmatched' });
      const unmatched = (await t.call({ url: '/join-requests?status=unmatched' })).json();
      expect(unmatched.joinRequests).toContainEqual(
        expect.objectContaining({
          status: 'unmatched',
          team: null,
          membershipId: null,
          user: expect.objectContaining({ id: answer.user.id }),
        }),
      );
    }
  });

  it('creates the user with a warning when the team is full', async () => {
    const teams = (await t.call({ url: '/teams' })).json() as {
      id: number;
      name: string;
      members: { status: string }[];
    }[];
    // The seed has one team whose every place is taken.
    const full = teams.find((team) => team.name === 'Founders Circle');
    expect(full).toBeDefined();
    const res = await post(newUser({ teamId: full?.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().joinRequestWarning).toBe(JOIN_REQUEST_WARNINGS.teamFull('Founders Circle'));
  });

  it('shows the 6-character hint without enforcing it (spec 5, 9) and keeps long passphrases whole', async () => {
    const empty = await post(newUser({ password: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.enterPassword,
    });
    expect((await post(newUser({ password: '1' }))).statusCode).toBe(201);
    expect((await post(newUser({ password: 'p'.repeat(1000) }))).statusCode).toBe(201);
  });

  it('answers 400 with a message for every malformed body', async () => {
    const cases: unknown[] = [
      {},
      [],
      newUser({ email: 'not-an-email' }),
      newUser({ name: '   ' }),
      newUser({ goalSummary: '' }),
      newUser({ teamId: null }),
      newUser({ password: 42 }),
    ];
    for (const payload of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(0);
    }
  });

  it('answers 400 for a NUL character and creates nothing, so the address stays free', async () => {
    const user = newUser({ name: 'Nul\u0000Name' });
    const res = await post(user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('name'),
    });
    expect((await post({ ...user, name: 'Nul Name' })).statusCode).toBe(201);
  });

  it('answers 400 for invalid JSON and 415 for a body that is not JSON', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const text = await t.call({
      method: 'POST',
      url: '/users',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBeTruthy();
  });
});
