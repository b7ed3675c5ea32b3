import { FreedSeat, JoinRequestQueue, RestoredSeat, SeatHeirAnswer } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, joinRequests, outbox } from '../src/db/schema.ts';
import { membershipOf } from '../src/services/membership.ts';
import { codeAt, operator, testClock, useTestFrontDoor } from './door.ts';
import { directly, joinRequestOf, membershipStatus, signUp, type TestTracker } from './helpers.ts';

/** Freeing a quiet member's seat: who gets it, its undo, and placing the heir again. */

const WORK = 1;
const GOD = 3;
const ENTREPRENEUR = 8;
const YOUNG_CHRISTIAN = 1;

const clock = testClock('2026-11-16T17:00:00Z');
const { at, now } = clock;
const front = useTestFrontDoor({ now });
let t: TestTracker;
let door: FastifyInstance;
let op: Awaited<ReturnType<typeof operator>>;

/** Teams of one area and role, and Active members of them in Denver who never answer. */
const made = directly(() => front.tracker, 'Seat', now);
const team = (capacity: number, focusAreaId: number, focusRoleId: number) =>
  made.team(capacity, { focusAreaId, focusRoleId });
const member = (name: string, teamId: number) => made.member(name, teamId);

/** Someone who signed up when no team could be shown, for `area` / `role` (names) if given. */
const waiting = (name: string, focus: { areaName?: string; roleName?: string } = {}) =>
  signUp(t, { teamId: 987654, name, ...focus });

/** The operator's call, signed in again (password and code) when the session has ended. */
async function send(opts: Parameters<typeof op.browser.send>[0]) {
  const first = await op.browser.send(opts);
  if (first.statusCode !== 401) return first;
  expect((await op.browser.signIn(op.email, op.password)).statusCode).toBe(200);
  expect((await op.browser.code(codeAt(op.secret, clock.ms))).statusCode).toBe(200);
  return op.browser.send(opts);
}

const seatUrl = (userId: number) => `/api/console/quiet-members/${userId}/seat-release`;
const heirOf = async (userId: number) =>
  SeatHeirAnswer.parse((await send({ method: 'GET', url: seatUrl(userId) })).json()).heir;

async function openSeats(teamId: number) {
  const team = await t.app.repos.teams.get(teamId, now());
  return team?.openSeats;
}

const actions = async (...targets: string[]) =>
  (
    await t.app.database.db
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, op.id), inArray(auditLog.target, targets)))
      .orderBy(auditLog.id)
  ).map((line) => `${line.action} ${line.target}`);

const mailsTo = async (kind: string, address: string) =>
  t.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.toAddress, address)));

// Teams of one seat each, with one quiet member on it, and people waiting for a team.
let workTeam: Awaited<ReturnType<typeof team>>;
let askedTeam: Awaited<ReturnType<typeof team>>;
let godTeam: Awaited<ReturnType<typeof team>>;
let openTeam: Awaited<ReturnType<typeof team>>;
let sid: Awaited<ReturnType<typeof member>>;
let bea: Awaited<ReturnType<typeof member>>;
let dot: Awaited<ReturnType<typeof member>>;
let oscar: Awaited<ReturnType<typeof waiting>>;
let wanda: Awaited<ReturnType<typeof waiting>>;
let tess: Awaited<ReturnType<typeof waiting>>;
let will: Awaited<ReturnType<typeof waiting>>;

beforeAll(async () => {
  ({ tracker: t, door } = front);
  at('2026-11-16T17:00:00Z');
  workTeam = await team(1, WORK, ENTREPRENEUR);
  askedTeam = await team(1, WORK, ENTREPRENEUR);
  godTeam = await team(1, GOD, YOUNG_CHRISTIAN);
  openTeam = await team(2, WORK, ENTREPRENEUR);
  sid = await member('Sid Silent', workTeam.id);
  bea = await member('Bea Silent', askedTeam.id);
  dot = await member('Dot Silent', godTeam.id);
  // Oscar waits longest, for another area (School / Adult Learner).
  oscar = await waiting('Oscar Other', { areaName: 'School', roleName: 'Adult Learner' });
  wanda = await waiting('Wanda Waiting', { areaName: 'work', roleName: ' Entrepreneur ' });
  // Tess asked for the second team itself (as a request sent back to waiting keeps it).
  tess = await waiting('Tess Team');
  await t.app.database.db
    .update(joinRequests)
    .set({ askedTeamId: askedTeam.id })
    .where(eq(joinRequests.userId, tess.id));
  will = await waiting('Will Work', { areaName: 'Work', roleName: 'Entrepreneur' });
  // Monday 16 to Friday 27 unanswered: listed once Friday closes, at noon Saturday in Denver.
  at('2026-11-28T19:00:00Z');
  op = await operator(t, door, () => clock.ms);
});

describe('a freed seat', () => {
  it('goes to the oldest request of the team, else of its area and role, never another area', async () => {
    expect((await joinRequestOf(t, oscar.id)).focusAreaId).toBe(2);
    expect(await heirOf(sid.id)).toEqual({
      joinRequestId: (await joinRequestOf(t, wanda.id)).id,
      name: 'Wanda Waiting',
    });
    const freed = await send({ method: 'POST', url: seatUrl(sid.id) });
    expect(freed.statusCode).toBe(200);
    const wandaRequest = await joinRequestOf(t, wanda.id);
    expect(FreedSeat.parse(freed.json())).toEqual({
      id: sid.id,
      placed: { joinRequestId: wandaRequest.id, name: 'Wanda Waiting' },
      undoUntil: new Date(clock.ms + 60_000).toISOString(),
    });
    expect(wandaRequest).toMatchObject({ status: 'pending', teamId: workTeam.id });
    expect(wandaRequest.placedAt).not.toBeNull();
    // Oscar waited longer, for another area: he still waits.
    expect(await joinRequestOf(t, oscar.id)).toMatchObject({ status: 'unmatched', teamId: null });
    expect(await membershipOf(t.app, sid.id)).toBe('seatFreed.undoable');

    // The request that asked for the team comes before older ones of its area and role.
    const tessRequest = await joinRequestOf(t, tess.id);
    expect(await heirOf(bea.id)).toEqual({ joinRequestId: tessRequest.id, name: 'Tess Team' });
    const toTess = await send({ method: 'POST', url: seatUrl(bea.id) });
    expect(FreedSeat.parse(toTess.json()).placed?.name).toBe('Tess Team');
    expect(await joinRequestOf(t, will.id)).toMatchObject({ status: 'unmatched' });
    // The mail waits for the undo window.
    const [told] = await mailsTo('seat-freed', bea.email);
    expect(told?.nextAttemptAt.getTime()).toBe(clock.ms + 60_000);
  });

  it('simply opens when nobody waits for the team or its area and role', async () => {
    expect(await heirOf(dot.id)).toBeNull();
    const freed = await send({ method: 'POST', url: seatUrl(dot.id) });
    expect(freed.statusCode).toBe(200);
    expect(FreedSeat.parse(freed.json()).placed).toBeNull();
    expect(await openSeats(godTeam.id)).toBe(1);
    expect(await joinRequestOf(t, oscar.id)).toMatchObject({ status: 'unmatched' });
  });

  it('can be taken back within the window: the member and their seat return, the heir waits again', async () => {
    at(clock.ms + 30_000);
    const wandaRequest = await joinRequestOf(t, wanda.id);
    const undone = await send({ method: 'POST', url: `${seatUrl(sid.id)}/undo` });
    expect(undone.statusCode).toBe(200);
    expect(RestoredSeat.parse(undone.json())).toEqual({
      id: sid.id,
      team: { id: workTeam.id, name: workTeam.name },
      waiting: { joinRequestId: wandaRequest.id, name: 'Wanda Waiting' },
    });
    expect(await membershipStatus(t, workTeam.id, sid.id)).toBe('Active');
    expect(await membershipOf(t.app, sid.id)).toBe('quiet.listed');
    expect(await joinRequestOf(t, wanda.id)).toMatchObject({
      status: 'unmatched',
      teamId: null,
      membershipId: null,
      placedAt: null,
    });
    expect(await membershipOf(t.app, wanda.id)).toBe('applicant.unmatched');
    expect(await membershipStatus(t, workTeam.id, wanda.id)).toBeUndefined();
    expect(await openSeats(workTeam.id)).toBe(0);
    // Sid is never told; both changes are in the audit log.
    expect(await mailsTo('seat-freed', sid.email)).toEqual([]);
    expect(await actions(`user:${sid.id}`, `join-request:${wandaRequest.id}`)).toEqual([
      `join-request.placed join-request:${wandaRequest.id}`,
      `quiet-member.seat-freed user:${sid.id}`,
      `join-request.unplaced join-request:${wandaRequest.id}`,
      `quiet-member.seat-restored user:${sid.id}`,
    ]);
    // Once is all: the seat is back.
    const again = await send({ method: 'POST', url: `${seatUrl(sid.id)}/undo` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('UNDO_TOO_LATE');
  });

  it('stands once the window has passed', async () => {
    at(clock.ms + 31_000);
    const late = await send({ method: 'POST', url: `${seatUrl(bea.id)}/undo` });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'UNDO_TOO_LATE',
      message: 'This decision can no longer be undone.',
    });
    expect(await membershipStatus(t, askedTeam.id, bea.id)).toBe('Inactive');
    expect(await joinRequestOf(t, tess.id)).toMatchObject({
      status: 'pending',
      teamId: askedTeam.id,
    });
    expect(await membershipOf(t.app, bea.id)).toBe('seatFreed.settled');
    const nobody = await send({ method: 'POST', url: `${seatUrl(9_999_999)}/undo` });
    expect(nobody.statusCode).toBe(404);
  });

  it('leaves its heir to be placed again from the queue, without a mail', async () => {
    const tessRequest = await joinRequestOf(t, tess.id);
    const queue = JoinRequestQueue.parse(
      (await send({ method: 'GET', url: '/api/console/join-requests?limit=100' })).json(),
    );
    expect(queue.items.find((item) => item.id === tessRequest.id)).toMatchObject({
      status: 'pending',
      placed: true,
    });

    // Moved to another team of her area: the first team's seat opens.
    const moved = await send({
      method: 'POST',
      url: `/api/console/join-requests/${tessRequest.id}/placement`,
      payload: { teamId: openTeam.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id: tessRequest.id, status: 'pending' });
    expect(await joinRequestOf(t, tess.id)).toMatchObject({
      status: 'pending',
      teamId: openTeam.id,
    });
    expect(await membershipStatus(t, askedTeam.id, tess.id)).toBeUndefined();
    expect(await membershipStatus(t, openTeam.id, tess.id)).toBe('Pending');
    expect(await openSeats(askedTeam.id)).toBe(1);
    const same = await send({
      method: 'POST',
      url: `/api/console/join-requests/${tessRequest.id}/placement`,
      payload: { teamId: openTeam.id },
    });
    expect(same.statusCode).toBe(409);

    // Back to waiting: no team, her seat open, nobody mailed.
    const back = await send({
      method: 'POST',
      url: `/api/console/join-requests/${tessRequest.id}/unplacement`,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ id: tessRequest.id, status: 'unmatched' });
    expect(await joinRequestOf(t, tess.id)).toMatchObject({ status: 'unmatched', teamId: null });
    expect(await openSeats(openTeam.id)).toBe(2);
    expect(await mailsTo('join-declined', tess.email)).toEqual([]);
    expect(await actions(`join-request:${tessRequest.id}`)).toEqual([
      `join-request.placed join-request:${tessRequest.id}`,
      `join-request.moved join-request:${tessRequest.id}`,
      `join-request.unplaced join-request:${tessRequest.id}`,
    ]);

    // A request the person sent for a team is theirs: approve or decline it.
    const chose = await signUp(t, { teamId: openTeam.id, name: 'Cleo Chose' });
    const chosen = await joinRequestOf(t, chose.id);
    const refused = await send({
      method: 'POST',
      url: `/api/console/join-requests/${chosen.id}/unplacement`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('JOIN_REQUEST_NOT_PLACED');
    const notMoved = await send({
      method: 'POST',
      url: `/api/console/join-requests/${chosen.id}/placement`,
      payload: { teamId: workTeam.id },
    });
    expect(notMoved.statusCode).toBe(409);
    expect(await joinRequestOf(t, chose.id)).toMatchObject({
      status: 'pending',
      teamId: openTeam.id,
    });
  });
});
