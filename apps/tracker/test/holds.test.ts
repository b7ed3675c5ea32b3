import {
  CreateUserResponse,
  HOLD_MAX_EXTENSIONS,
  HOLD_OWNER_HEADER,
  HOLD_SECONDS,
  HoldResponse,
  Team,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/mailer.ts';
import { membershipStatus, newUser, useTestTracker } from './helpers.ts';

const OWNER_A = 'owner-a-0000000000000000';
const OWNER_B = 'owner-b-0000000000000000';
let ownerCounter = 0;
const freshOwner = () => `owner-${String(++ownerCounter).padStart(4, '0')}-${Date.now()}`;

let clock = new Date('2026-06-01T12:00:00Z');
const sent: MailMessage[] = [];
const t = useTestTracker({
  now: () => clock,
  env: { ADMIN_EMAIL: 'ops@partners.example' },
  mailTransport: {
    async send(message) {
      sent.push(message);
    },
  },
});

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const hold = (owner: string, teamId: unknown) =>
  t.call({
    method: 'POST',
    url: '/holds',
    headers: { [HOLD_OWNER_HEADER]: owner },
    payload: { teamId } as object,
  });
const extend = (owner: string, id: string) =>
  t.call({ method: 'POST', url: `/holds/${id}/extend`, headers: { [HOLD_OWNER_HEADER]: owner } });
const release = (owner: string, id: string) =>
  t.call({ method: 'DELETE', url: `/holds/${id}`, headers: { [HOLD_OWNER_HEADER]: owner } });
const signUp = (payload: object, owner?: string) =>
  t.call({
    method: 'POST',
    url: '/users',
    payload,
    ...(owner === undefined ? {} : { headers: { [HOLD_OWNER_HEADER]: owner } }),
  });
const openSeats = async (teamId: number) =>
  Team.parse((await t.call({ url: `/teams/${teamId}` })).json()).openSeats;

/** Takes every open seat of the team with holds of fresh owners. */
async function fill(teamId: number) {
  const seats = (await openSeats(teamId)) ?? 0;
  for (let i = 0; i < seats; i += 1)
    expect((await hold(freshOwner(), teamId)).statusCode).toBe(201);
  expect(await openSeats(teamId)).toBe(0);
}

describe('holding a seat', () => {
  it('holds a seat for 600 s and counts it against the team', async () => {
    const before = await openSeats(5);
    const res = await hold(OWNER_A, 5);
    expect(res.statusCode).toBe(201);
    const { hold: held } = HoldResponse.parse(res.json());
    expect(held).toMatchObject({ teamId: 5, secondsLeft: HOLD_SECONDS });
    expect(new Date(held.expiresAt).getTime() - clock.getTime()).toBe(HOLD_SECONDS * 1000);
    expect(await openSeats(5)).toBe((before ?? 0) - 1);

    expect((await release(OWNER_A, held.id)).statusCode).toBe(204);
    expect(await openSeats(5)).toBe(before);
  });

  it('takes a team id given as digits, and gives back the owner’s earlier hold', async () => {
    const first = HoldResponse.parse((await hold(OWNER_A, 5)).json()).hold;
    const seatsOn5 = await openSeats(5);
    const second = await hold(OWNER_A, '6');
    expect(second.statusCode).toBe(201);
    expect(second.json().hold.teamId).toBe(6);
    expect(await openSeats(5)).toBe((seatsOn5 ?? 0) + 1);
    expect((await extend(OWNER_A, first.id)).statusCode).toBe(404);
    await release(OWNER_A, second.json().hold.id);
  });

  it('refuses a full team with 409 TEAM_FULL, and an unknown one with 404', async () => {
    await fill(7);
    const res = await hold(OWNER_B, 7);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'TEAM_FULL',
      message: 'Team "Lifelong Learners" has no open seat right now.',
    });
    const seeded = (await t.call({ url: '/teams' })).json() as { name: string; id: number }[];
    const founders = seeded.find((team) => team.name === 'Founders Circle');
    expect((await hold(OWNER_B, founders?.id)).json().code).toBe('TEAM_FULL');
    const unknown = await hold(OWNER_B, 987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEAM_NOT_FOUND');
  });

  it('lets an expired hold stop counting, with no clean-up needed', async () => {
    // Team 7 was filled with holds above; they run out on their own.
    advance(HOLD_SECONDS + 1);
    expect(await openSeats(7)).toBeGreaterThan(0);
    expect((await hold(OWNER_B, 7)).statusCode).toBe(201);
  });

  it('extends a live hold to 600 s from now, at most HOLD_MAX_EXTENSIONS times', async () => {
    const held = HoldResponse.parse((await hold(OWNER_A, 8)).json()).hold;
    advance(550);
    const res = await extend(OWNER_A, held.id);
    expect(res.statusCode).toBe(200);
    const extended = HoldResponse.parse(res.json()).hold;
    expect(extended).toMatchObject({ id: held.id, teamId: 8, secondsLeft: HOLD_SECONDS });
    expect(new Date(extended.expiresAt).getTime()).toBe(clock.getTime() + HOLD_SECONDS * 1000);
    for (let i = 1; i < HOLD_MAX_EXTENSIONS; i += 1) {
      expect((await extend(OWNER_A, held.id)).statusCode).toBe(200);
    }
    const refused = await extend(OWNER_A, held.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('HOLD_EXTENSION_LIMIT');
    await release(OWNER_A, held.id);
  });

  it('answers 410 HOLD_EXPIRED when extending a hold that ran out', async () => {
    const held = HoldResponse.parse((await hold(OWNER_A, 8)).json()).hold;
    advance(HOLD_SECONDS);
    const res = await extend(OWNER_A, held.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('HOLD_EXPIRED');
    // Releasing it is still fine.
    expect((await release(OWNER_A, held.id)).statusCode).toBe(204);
  });

  it('lets only the owner extend or release, and answers others like an unknown hold', async () => {
    const held = HoldResponse.parse((await hold(OWNER_A, 8)).json()).hold;
    for (const res of [await extend(OWNER_B, held.id), await release(OWNER_B, held.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'HOLD_NOT_FOUND', message: 'Hold not found' });
    }
    expect((await release(OWNER_A, held.id)).statusCode).toBe(204);
    expect((await release(OWNER_A, held.id)).statusCode).toBe(404);
  });

  it('answers 400 for a missing owner, a malformed hold id or team id', async () => {
    const noOwner = await t.call({ method: 'POST', url: '/holds', payload: { teamId: 5 } });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().message).toContain(HOLD_OWNER_HEADER);
    expect((await hold('short', 5)).statusCode).toBe(400);
    expect((await extend(OWNER_A, 'not-a-uuid')).statusCode).toBe(400);
    expect((await release(OWNER_A, '1')).statusCode).toBe(400);
    for (const teamId of [0, -3, 'x', null, 2 ** 31, '9999999999']) {
      const res = await hold(OWNER_A, teamId);
      expect(res.statusCode, String(teamId)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('signing up with a hold', () => {
  it('turns the live hold into the Pending membership, even when every other seat is held', async () => {
    const held = HoldResponse.parse((await hold(OWNER_A, 9)).json()).hold;
    await fill(9);
    const res = await signUp(newUser({ teamId: 9 }), OWNER_A);
    expect(res.statusCode).toBe(201);
    const answer = CreateUserResponse.parse(res.json());
    expect(answer).toMatchObject({ joinRequestSuccess: true, joinRequest: { status: 'pending' } });
    expect(await membershipStatus(t, 9, Number(answer.user.id))).toBe('Pending');
    // The seat passed from the hold to the membership: still none open, and the hold is gone.
    expect(await openSeats(9)).toBe(0);
    expect((await extend(OWNER_A, held.id)).statusCode).toBe(404);
  });

  it('without a hold, finds no seat on a team whose seats are all held', async () => {
    const res = await signUp(newUser({ teamId: 9 }), OWNER_B);
    expect(res.statusCode).toBe(201);
    expect(res.json().joinRequestWarning).toBe(
      'Team "Deep Roots" is full, so no join request was sent.',
    );
    const plain = await signUp(newUser({ teamId: 9 }));
    expect(plain.json().joinRequestWarning).toMatch(/is full/);
  });

  it('with an expired hold, still needs an open seat', async () => {
    await hold(OWNER_A, 10);
    advance(HOLD_SECONDS);
    await fill(10);
    const res = await signUp(newUser({ teamId: 10 }), OWNER_A);
    expect(res.json().joinRequestWarning).toMatch(/is full/);
  });

  it('without a hold, takes an open seat when there is one', async () => {
    const before = await openSeats(11);
    const res = await signUp(newUser({ teamId: 11 }));
    expect(res.json()).toMatchObject({
      joinRequestSuccess: true,
      joinRequest: { status: 'pending' },
    });
    expect(await openSeats(11)).toBe((before ?? 0) - 1);
  });

  it('answers 400 for a malformed owner key on sign-up', async () => {
    expect((await signUp(newUser({ teamId: 11 }), 'bad key!')).statusCode).toBe(400);
  });
});

describe('unmatched join requests', () => {
  it('records the sign-up, tells the admin, and lets an operator place it on a team', async () => {
    const body = newUser({ teamId: 'sample-team', name: 'Sam Sample' });
    const res = await signUp(body);
    const answer = CreateUserResponse.parse(res.json());
    expect(answer).toMatchObject({
      joinRequestSuccess: true,
      joinRequest: { status: 'unmatched' },
    });
    await t.app.mailer.flush();
    const admin = sent.find(
      (m) => m.to === 'ops@partners.example' && m.kind === 'join-request-unmatched',
    );
    // Written for a person: who, what they want, and a link to their card in the console.
    expect(admin?.subject).toBe('Place Sam Sample on a team');
    expect(admin?.text).toContain(`Sam Sample (${body.email}) signed up`);
    expect(admin?.text).toContain(`Their goal: "${body.goalSummary}"`);
    expect(admin?.text).toContain(`/console?q=${encodeURIComponent(body.email)}`);
    expect(admin?.text).not.toMatch(/POST|teamId|user \d/);
    const confirmation = sent.find((m) => m.to === body.email);
    expect(confirmation?.text).toContain(
      'We will choose a team for you and let you know within 5 days.',
    );

    const list = (await t.call({ url: '/join-requests?status=unmatched' })).json();
    const request = list.joinRequests.find(
      (r: { user: { id: number } }) => r.user.id === answer.user.id,
    );
    expect(request).toMatchObject({ status: 'unmatched', team: null });

    const approve = await t.call({ method: 'POST', url: `/join-requests/${request.id}/approve` });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('JOIN_REQUEST_UNMATCHED');

    const place = (teamId: number) =>
      t.call({
        method: 'POST',
        url: `/join-requests/${request.id}/place`,
        payload: { teamId },
      });
    await fill(13);
    expect((await place(13)).json().code).toBe('TEAM_FULL');
    const placed = await place(12);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'pending', team: { id: 12 } });
    expect(await membershipStatus(t, 12, Number(answer.user.id))).toBe('Pending');
    expect((await place(12)).json().code).toBe('JOIN_REQUEST_PLACED');
    const approved = await t.call({ method: 'POST', url: `/join-requests/${request.id}/approve` });
    expect(approved.json()).toEqual({ id: request.id, status: 'approved' });
    expect(await membershipStatus(t, 12, Number(answer.user.id))).toBe('Active');
  });
});
