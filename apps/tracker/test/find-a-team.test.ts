import { HeldTeam, HOLD_SECONDS, MemberJoinRequest, TeamSearchState } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { joinRequestQueue } from '../src/services/join-request-queue.ts';
import { browser, testClock, useTestFrontDoor } from './door.ts';
import {
  API_KEY,
  declinedApplicant,
  joinRequestOf,
  membershipStatus,
  signUp,
  teamMember,
} from './helpers.ts';

/** The tracker's clock, moved by the tests. */
const clock = testClock('2026-11-02T17:00:00Z');
const WORK = 1;
/** Deep Work Crew: the seeded Work / Employee team. */
const DEEP_WORK = 1;

const front = useTestFrontDoor({ now: clock.now, capacities: { [DEEP_WORK]: 30, 2: 30 } });

/** A person declined by Deep Work Crew, signed in on the front door. */
async function declined(name: string) {
  const user = await declinedApplicant(front.tracker, name, DEEP_WORK);
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { ...user, b };
}

const search = (b: ReturnType<typeof browser>, payload: object) =>
  b.send({ method: 'POST', url: '/api/me/team-search', payload });
const state = async (b: ReturnType<typeof browser>) => {
  const res = await b.send({ method: 'GET', url: '/api/me/team-search' });
  expect(res.statusCode).toBe(200);
  return TeamSearchState.parse(res.json());
};

/** The text of the one mail of `kind` to `to`. */
async function mailText(kind: string, to: string) {
  const rows = await front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.toAddress, to)));
  expect(rows).toHaveLength(1);
  return rows[0]?.bodyText ?? '';
}

const FIND_A_TEAM = 'http://localhost:3001/find-a-team';

async function teamArea(teamId: number) {
  const team = await front.tracker.app.repos.teams.findRow(teamId);
  return team?.focusAreaId;
}

describe('find a team', () => {
  it('holds a seat on another team of the area for a declined member, who sends a request with it', async () => {
    clock.at('2026-11-02T17:00:00Z');
    const ann = await declined('Ann Again');
    // The decline mail sends her to the tracker's Find a team, not to the site's sign-up.
    const told = await mailText('join-declined', ann.email);
    expect(told).toContain(`choose another team: ${FIND_A_TEAM}`);
    expect(told).not.toContain('/onboarding');
    expect(await state(ann.b)).toEqual({ standing: 'open', teamName: null, held: null });

    const found = await search(ann.b, { category: 'work', role: 'Employee' });
    expect(found.statusCode).toBe(201);
    const held = HeldTeam.parse(found.json());
    // Not the team that declined her, but one of her area, with a ten-minute hold.
    expect(held.team.id).not.toBe(DEEP_WORK);
    expect(await teamArea(held.team.id)).toBe(WORK);
    expect(held.hold.secondsLeft).toBe(HOLD_SECONDS);
    expect(held.team.members.length).toBeGreaterThan(0);
    // A reload finds the same seat.
    expect((await state(ann.b)).held).toEqual(held);

    const sent = await ann.b.send({
      method: 'POST',
      url: '/api/me/join-requests',
      payload: { holdId: held.hold.id },
    });
    expect(sent.statusCode).toBe(201);
    const request = MemberJoinRequest.parse(sent.json());
    expect([request.status, request.team]).toEqual([
      'pending',
      { id: held.team.id, name: held.team.name },
    ]);
    expect(await membershipStatus(front.tracker, held.team.id, ann.id)).toBe('Pending');
    // The hold became the request: it is gone, and the home shows the new request.
    expect((await ann.b.home()).json().joinRequest.id).toBe(request.id);
    // Now she waits: she is told so, and not offered another team.
    expect(await state(ann.b)).toEqual({
      standing: 'waiting',
      teamName: held.team.name,
      held: null,
    });
    const again = await search(ann.b, { category: 'work', role: 'Employee' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'JOIN_REQUEST_WAITING']);

    // The console's queue marks her request as a returning member's; a first request is not.
    const fresh = await signUp(front.tracker, { teamId: DEEP_WORK, name: 'Nia New' });
    const queue = await joinRequestQueue(front.tracker.app, { limit: 100, offset: 0 });
    const card = (userId: number) => queue.items.find((item) => item.applicant.id === userId);
    expect(card(ann.id)).toMatchObject({ id: request.id, returning: true });
    expect(card(fresh.id)?.returning).toBe(false);
    // An operator approves it as any other request.
    const approve = await front.tracker.call({
      method: 'POST',
      url: `/join-requests/${request.id}/approve`,
    });
    expect(approve.statusCode).toBe(200);
    expect(await membershipStatus(front.tracker, held.team.id, ann.id)).toBe('Active');
  });

  it('refuses a member who is on a team, and says so', async () => {
    clock.at('2026-11-02T17:00:00Z');
    const bo = await teamMember(front.tracker, DEEP_WORK, 'Bo Busy');
    const b = browser(front.door);
    expect((await b.signIn(bo.email, bo.password)).statusCode).toBe(200);
    expect(await state(b)).toEqual({
      standing: 'on-team',
      teamName: 'Deep Work Crew',
      held: null,
    });
    const res = await search(b, { category: 'work', role: 'Employee' });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      {
        code: 'ON_TEAM_ALREADY',
        message:
          'You are a member of Team Deep Work Crew. Leave that team first to look for another.',
      },
    ]);
    // Nothing was held for him.
    expect((await state(b)).held).toBeNull();
  });

  it('holds a seat for a member who left their team, whose mail links here', async () => {
    clock.at('2026-11-02T17:00:00Z');
    const lea = await teamMember(front.tracker, DEEP_WORK, 'Lea Leaving');
    const b = browser(front.door);
    expect((await b.signIn(lea.email, lea.password)).statusCode).toBe(200);
    expect((await b.send({ method: 'POST', url: '/api/me/team-departure' })).statusCode).toBe(204);
    expect(await mailText('team-left', lea.email)).toContain(
      `whenever you want a team again, sign in and find one: ${FIND_A_TEAM}`,
    );
    expect((await state(b)).standing).toBe('open');
    const found = await search(b, { category: 'work', role: 'Management' });
    expect(found.statusCode).toBe(201);
    const held = HeldTeam.parse(found.json());
    expect([held.team.id, held.team.name]).toEqual([2, 'Lead With Intent']);
  });

  it('places an unmatched request on the team the member chooses, instead of sending a second', async () => {
    clock.at('2026-11-02T17:00:00Z');
    // Signed up beside the sample team: the request waits for an operator to choose a team.
    const uma = await signUp(front.tracker, { teamId: 'sample-team', name: 'Uma Unmatched' });
    const unmatched = await joinRequestOf(front.tracker, uma.id);
    expect(unmatched.status).toBe('unmatched');
    const b = browser(front.door);
    expect((await b.signIn(uma.email, uma.password)).statusCode).toBe(200);
    expect((await state(b)).standing).toBe('open');
    const held = HeldTeam.parse((await search(b, { category: 'work', role: 'Employee' })).json());
    const sent = await b.send({
      method: 'POST',
      url: '/api/me/join-requests',
      payload: { holdId: held.hold.id },
    });
    expect(sent.statusCode).toBe(201);
    expect(MemberJoinRequest.parse(sent.json())).toMatchObject({
      id: unmatched.id,
      status: 'pending',
      team: { id: held.team.id, name: held.team.name },
    });
    expect((await state(b)).standing).toBe('waiting');
  });

  it('refuses a bad area or an empty role with a clear 400, and a visitor with 401', async () => {
    const cy = await declined('Cy Careful');
    for (const payload of [
      { category: 'play', role: 'Employee' },
      { category: 'work', role: ' ' },
    ]) {
      const res = await search(cy.b, payload);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await state(cy.b)).held).toBeNull();
    const visitor = browser(front.door);
    const res = await search(visitor, { category: 'work', role: 'Employee' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'SIGN_IN_REQUIRED']);
  });

  it('refuses a request on a hold that ran out, with a clear message', async () => {
    clock.at('2026-11-02T17:00:00Z');
    const dee = await declined('Dee Late');
    const held = HeldTeam.parse(
      (await search(dee.b, { category: 'work', role: 'Employee' })).json(),
    );
    clock.at(Date.parse('2026-11-02T17:00:00Z') + HOLD_SECONDS * 1000 + 1000);
    // Signed in again: the clock moved past the session's idle limit.
    expect((await dee.b.signIn(dee.email, dee.password)).statusCode).toBe(200);
    const res = await dee.b.send({
      method: 'POST',
      url: '/api/me/join-requests',
      payload: { holdId: held.hold.id },
    });
    expect([res.statusCode, res.json()]).toEqual([
      410,
      {
        code: 'HOLD_EXPIRED',
        message:
          'The seat held for you has run out. Choose your area and role again to find a team.',
      },
    ]);
    expect(await membershipStatus(front.tracker, held.team.id, dee.id)).toBeUndefined();
    expect((await state(dee.b)).standing).toBe('open');
  });

  it("carries a seat held on the site over to the tracker's sign-in of that address's account", async () => {
    clock.at('2026-11-02T17:00:00Z');
    const eve = await declined('Eve Elsewhere');
    // A browser on the site holds a seat on Lead With Intent (Work / Management) ...
    const owner = { 'x-hold-owner': 'site-session-key-of-eve-0001' };
    const made = await front.tracker.call({
      method: 'POST',
      url: '/holds',
      headers: owner,
      payload: { teamId: 2 },
    });
    expect(made.statusCode).toBe(201);
    const holdId: string = made.json().hold.id;
    // ... and its account step found that the address has an account.
    const handOver = await front.tracker.call({
      method: 'POST',
      url: `/holds/${holdId}/hand-over`,
      headers: owner,
      payload: { email: eve.email.toUpperCase() },
    });
    expect(handOver.statusCode).toBe(201);
    const { token } = handOver.json();
    // The site's session no longer names the seat.
    const extend = await front.tracker.call({
      method: 'POST',
      url: `/holds/${holdId}/extend`,
      headers: owner,
    });
    expect(extend.statusCode).toBe(404);

    // Another account cannot take it.
    const other = await declined('Fay Foreign');
    const wrong = await other.b.send({
      method: 'POST',
      url: '/api/me/team-search/hand-over',
      payload: { holdId, token },
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'HOLD_NOT_FOUND']);

    // Signed in as Eve, the seat is hers, with the time it had left.
    clock.at('2026-11-02T17:02:00Z');
    expect((await eve.b.signIn(eve.email, eve.password)).statusCode).toBe(200);
    const taken = await eve.b.send({
      method: 'POST',
      url: '/api/me/team-search/hand-over',
      payload: { holdId, token },
    });
    expect(taken.statusCode).toBe(200);
    const held = HeldTeam.parse(taken.json());
    expect([held.team.id, held.team.name, held.hold.id, held.hold.secondsLeft]).toEqual([
      2,
      'Lead With Intent',
      holdId,
      HOLD_SECONDS - 120,
    ]);
    expect((await state(eve.b)).held).toEqual(held);
    const sent = await eve.b.send({
      method: 'POST',
      url: '/api/me/join-requests',
      payload: { holdId },
    });
    expect(sent.statusCode).toBe(201);
    expect(await membershipStatus(front.tracker, 2, eve.id)).toBe('Pending');
  });

  it('refuses a hand-over whose hold ran out', async () => {
    clock.at('2026-11-02T17:00:00Z');
    const gil = await declined('Gil Gone');
    const owner = { 'x-hold-owner': 'site-session-key-of-gil-0001' };
    const made = await front.tracker.call({
      method: 'POST',
      url: '/holds',
      headers: owner,
      payload: { teamId: 2 },
    });
    const holdId: string = made.json().hold.id;
    const { token } = (
      await front.tracker.call({
        method: 'POST',
        url: `/holds/${holdId}/hand-over`,
        headers: owner,
        payload: { email: gil.email },
      })
    ).json();
    clock.at(Date.parse('2026-11-02T17:00:00Z') + HOLD_SECONDS * 1000 + 1000);
    expect((await gil.b.signIn(gil.email, gil.password)).statusCode).toBe(200);
    const res = await gil.b.send({
      method: 'POST',
      url: '/api/me/team-search/hand-over',
      payload: { holdId, token },
    });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      410,
      'HOLD_EXPIRED',
      'The seat held for you has run out. Choose your area and role again to find a team.',
    ]);
    // Without the API key, no hand-over is made.
    const bare = await front.tracker.app.inject({
      method: 'POST',
      url: `/holds/${holdId}/hand-over`,
      headers: { ...owner, 'x-api-key': `${API_KEY}x` },
      payload: { email: gil.email },
    });
    expect(bare.statusCode).toBe(401);
  });
});
