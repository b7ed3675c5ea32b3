/**
 * The membership statechart (`@app/membership`) through the tracker's API: each transition a
 * person or an operator makes is reached with the request that makes it, each one the machine
 * refuses is refused with the service's own code, and the states time or an answer brings are
 * reached by moving the tracker's clock. The state is read where the member reads it, the home's
 * `standing`.
 */
import { MemberHome, type MemberStanding } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../src/db/schema.ts';
import { membershipOf } from '../src/services/membership.ts';
import { browser, codeAt, operator, testClock, useTestFrontDoor } from './door.ts';
import { joinRequestOf, signUp } from './helpers.ts';

/** Monday 2 November 2026, 10:00 in Denver (the members' zone until they set theirs). */
const clock = testClock('2026-11-02T17:00:00Z');
const front = useTestFrontDoor({ now: clock.now });

let made = 0;
async function team(capacity = 6) {
  made += 1;
  const [row] = await front.tracker.app.database.db
    .insert(teams)
    .values({ name: `Standing Team ${made}-${process.pid}`, capacity })
    .returning();
  if (!row) throw new Error('no team');
  return row;
}

type Send = ReturnType<typeof browser>['send'];

/**
 * A browser signed in as `email`, signed in again whenever the clock moved (idle sessions end).
 * The clock only moves forward: an authenticator code is taken once, for a later time step only.
 */
function session(
  email: string,
  password: string,
  secret?: string,
  signedIn?: { send: Send; at: number },
): Send {
  const b = browser(front.door);
  let at: number | null = null;
  return async (opts) => {
    if (signedIn !== undefined && signedIn.at === clock.ms) return signedIn.send(opts);
    if (at !== clock.ms) {
      expect((await b.signIn(email, password)).statusCode).toBe(200);
      if (secret !== undefined)
        expect((await b.code(codeAt(secret, clock.ms))).statusCode).toBe(200);
      at = clock.ms;
    }
    return b.send(opts);
  };
}

const DAY = 86_400_000;
/**
 * Each scenario has two weeks of its own from a Monday (`week`: 0, 1, ...), the first on 2
 * November 2026, all in Denver's winter time (UTC-7); `at(day, time)` moves the clock to that
 * day of them (0: the Monday) at that UTC time, 10:00 in Denver by default.
 */
function weeks(week: number) {
  const monday = Date.parse('2026-11-02T00:00:00Z') + week * 14 * DAY;
  const dayOf = (day: number) => new Date(monday + day * DAY).toISOString().slice(0, 10);
  const at = (day: number, time = '17:00:00') => clock.at(`${dayOf(day)}T${time}Z`);
  at(0);
  return { at, dayOf };
}

let console: Send;
beforeAll(async () => {
  const op = await operator(front.tracker, front.door, () => clock.ms);
  console = session(op.email, op.password, op.secret, { send: op.browser.send, at: clock.ms });
});

/** A person signed up through the API, with their own signed-in browser. */
async function person(teamId: number) {
  const user = await signUp(front.tracker, { teamId });
  const send = session(user.email, user.password);
  const standing = async (): Promise<MemberStanding> => {
    const res = await send({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    return MemberHome.parse(res.json()).standing;
  };
  const state = async () => (await standing()).state;
  const request = async () => (await joinRequestOf(front.tracker, user.id)).id;
  return { ...user, send, standing, state, request };
}
type Person = Awaited<ReturnType<typeof person>>;

const decide = async (p: Person, action: 'approval' | 'decline' | 'undo') =>
  console({
    method: 'POST',
    url: `/api/console/join-requests/${await p.request()}/${action}`,
    ...(action === 'decline' ? { payload: { message: '' } } : {}),
  });
const place = async (p: Person, teamId: number) =>
  console({
    method: 'POST',
    url: `/api/console/join-requests/${await p.request()}/placement`,
    payload: { teamId },
  });
const pause = (p: Person) => p.send({ method: 'PUT', url: '/api/me/pause', payload: { weeks: 1 } });
const resume = (p: Person) => p.send({ method: 'DELETE', url: '/api/me/pause' });
const leave = (p: Person) => p.send({ method: 'POST', url: '/api/me/team-departure' });
const freeSeat = (p: Person) =>
  console({ method: 'POST', url: `/api/console/quiet-members/${p.id}/seat-release` });
const remove = (p: Person) =>
  p.send({ method: 'POST', url: '/api/me/deletion', payload: { password: p.password } });

function refused(
  res: { statusCode: number; json: () => { code?: string } },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().code).toBe(code);
}

/** A member approved now, past the undo window once the clock passes a minute. */
async function approved(teamId: number) {
  const p = await person(teamId);
  expect((await decide(p, 'approval')).statusCode).toBe(200);
  return p;
}

describe('the membership through the API', () => {
  it('starts at the sign-up: waiting for a team, for an operator to choose one, or with no request when the team is full', async () => {
    weeks(0);
    const open = await team();
    const full = await team(1);
    await approved(full.id);
    const waiting = await person(open.id);
    expect(await waiting.standing()).toEqual({
      state: 'applicant.waiting',
      offers: ['account.delete'],
    });
    const unmatched = await person(987_654);
    expect(await unmatched.standing()).toEqual({
      state: 'applicant.unmatched',
      offers: ['team.ask', 'account.delete'],
    });
    const noTeam = await person(full.id);
    expect(await noTeam.standing()).toEqual({
      state: 'noTeam',
      offers: ['team.ask', 'account.delete'],
    });

    // request.place, then what a placed request cannot take again.
    refused(await decide(unmatched, 'approval'), 409, 'JOIN_REQUEST_UNMATCHED');
    expect((await place(unmatched, open.id)).statusCode).toBe(200);
    expect(await unmatched.state()).toBe('applicant.waiting');
    refused(await place(unmatched, open.id), 409, 'JOIN_REQUEST_PLACED');
    // Off a team, there is nothing to pause, end or leave.
    for (const p of [waiting, noTeam]) {
      refused(await pause(p), 404, 'NOT_FOUND');
      refused(await leave(p), 404, 'NOT_FOUND');
    }
  });

  it('approves into a minute that can be undone, which settles into membership', async () => {
    weeks(1);
    const home = await team();
    const p = await person(home.id);
    expect((await decide(p, 'approval')).statusCode).toBe(200);
    expect(await p.standing()).toEqual({
      state: 'approved',
      offers: ['pause.start', 'membership.leave', 'account.delete'],
    });
    refused(await decide(p, 'approval'), 409, 'JOIN_REQUEST_DECIDED');
    refused(await place(p, home.id), 409, 'JOIN_REQUEST_PLACED');
    // decision.undo
    expect((await decide(p, 'undo')).statusCode).toBe(200);
    expect(await p.state()).toBe('applicant.waiting');
    // decision.settle
    expect((await decide(p, 'approval')).statusCode).toBe(200);
    clock.at(clock.ms + 60_001);
    expect(await p.state()).toBe('member');
    refused(await decide(p, 'undo'), 409, 'UNDO_TOO_LATE');
    refused(await decide(p, 'decline'), 409, 'JOIN_REQUEST_DECIDED');
    // Ending a pause that is not going on changes nothing and is answered as done.
    const notPaused = await resume(p);
    expect(notPaused.statusCode).toBe(200);
    expect(notPaused.json()).toEqual({ pause: null });
    expect(await p.state()).toBe('member');
    refused(await freeSeat(p), 409, 'NOT_QUIET');
  });

  it('keeps what an approved member did within the minute: a pause or leaving cannot be undone under them', async () => {
    weeks(2);
    const home = await team();
    const pauses = await approved(home.id);
    expect((await pause(pauses)).statusCode).toBe(200);
    expect(await pauses.state()).toBe('paused');
    refused(await decide(pauses, 'undo'), 409, 'UNDO_TOO_LATE');

    const leaves = await approved(home.id);
    expect((await leave(leaves)).statusCode).toBe(204);
    expect(await leaves.standing()).toEqual({
      state: 'left',
      offers: ['team.ask', 'account.delete'],
    });
    refused(await decide(leaves, 'undo'), 409, 'UNDO_TOO_LATE');
    refused(await leave(leaves), 404, 'NOT_FOUND');
    refused(await pause(leaves), 404, 'NOT_FOUND');
  });

  it('declines into a minute that can be undone, which settles; a declined person can ask for a team', async () => {
    weeks(3);
    const home = await team();
    const p = await person(home.id);
    expect((await decide(p, 'decline')).statusCode).toBe(200);
    expect(await p.standing()).toEqual({
      state: 'declined.undoable',
      offers: ['team.ask', 'account.delete'],
    });
    refused(await decide(p, 'approval'), 409, 'JOIN_REQUEST_DECIDED');
    expect((await decide(p, 'undo')).statusCode).toBe(200);
    expect(await p.state()).toBe('applicant.waiting');
    expect((await decide(p, 'decline')).statusCode).toBe(200);
    clock.at(clock.ms + 60_001);
    expect(await p.state()).toBe('declined.settled');
    refused(await decide(p, 'undo'), 409, 'UNDO_TOO_LATE');
    refused(await pause(p), 404, 'NOT_FOUND');
    refused(await leave(p), 404, 'NOT_FOUND');
  });

  it('pauses, resumes, runs a pause out, and leaves from a pause', async () => {
    const { at } = weeks(4);
    const home = await team();
    const p = await approved(home.id);
    at(0, '17:01:01');
    // pause.start, pause.resume
    expect((await pause(p)).statusCode).toBe(200);
    expect(await p.standing()).toEqual({
      state: 'paused',
      offers: ['pause.resume', 'membership.leave', 'account.delete'],
    });
    refused(await pause(p), 409, 'PAUSED_ALREADY');
    refused(await freeSeat(p), 409, 'NOT_QUIET');
    at(1);
    expect((await resume(p)).statusCode).toBe(200);
    expect(await p.state()).toBe('member');
    // pause.lapse: a week's pause from Wednesday ends after Tuesday.
    at(2);
    expect((await pause(p)).statusCode).toBe(200);
    at(8);
    expect(await p.state()).toBe('paused');
    at(9);
    expect(await p.state()).toBe('member');
    // membership.leave from a pause.
    expect((await pause(p)).statusCode).toBe(200);
    expect((await leave(p)).statusCode).toBe(204);
    expect(await p.state()).toBe('left');
  });

  it('goes quiet, gets listed, comes back with an answer; pauses or leaves while quiet', async () => {
    const { at, dayOf } = weeks(5);
    const home = await team();
    const back = await approved(home.id);
    const pauses = await approved(home.id);
    const leaves = await approved(home.id);
    // quiet.start: Monday to Wednesday unanswered, Wednesday closing at noon Thursday.
    at(3, '18:59:00');
    expect(await back.state()).toBe('member');
    at(3, '19:00:00');
    expect(await back.standing()).toEqual({
      state: 'quiet.missed',
      offers: ['pause.start', 'quiet.end', 'membership.leave', 'account.delete'],
    });
    refused(await freeSeat(back), 409, 'NOT_QUIET');
    // pause.start and membership.leave while quiet.
    expect(await pauses.state()).toBe('quiet.missed');
    expect((await pause(pauses)).statusCode).toBe(200);
    expect(await pauses.state()).toBe('paused');
    expect((await leave(leaves)).statusCode).toBe(204);
    expect(await leaves.state()).toBe('left');
    // quiet.list: ten check-in days, the tenth (the second Friday) closing at noon Saturday.
    at(12, '18:59:00');
    expect(await back.state()).toBe('quiet.missed');
    at(12, '19:00:00');
    expect(await back.state()).toBe('quiet.listed');
    // quiet.end: an answer on Monday.
    at(14);
    const answered = await back.send({
      method: 'PUT',
      url: '/api/me/check-ins',
      payload: { day: dayOf(14), answer: 'yes' },
    });
    expect(answered.statusCode).toBe(200);
    expect(await back.state()).toBe('member');
  });

  it('frees a listed member’s seat into a minute that settles; the person can ask for a team', async () => {
    const { at } = weeks(6);
    const p = await approved((await team()).id);
    at(12, '19:00:00');
    expect(await p.state()).toBe('quiet.listed');
    expect((await freeSeat(p)).statusCode).toBe(200);
    expect(await p.standing()).toEqual({
      state: 'seatFreed.undoable',
      offers: ['team.ask', 'account.delete'],
    });
    refused(await freeSeat(p), 409, 'NOT_QUIET');
    refused(await leave(p), 404, 'NOT_FOUND');
    at(12, '19:01:01');
    expect(await p.state()).toBe('seatFreed.settled');
    refused(await pause(p), 404, 'NOT_FOUND');
  });

  it('deletes the account from any state, which ends the membership', async () => {
    weeks(7);
    const home = await team();
    const member = await approved(home.id);
    const applicant = await person(home.id);
    const gone = [member, applicant];
    for (const p of gone) {
      expect((await remove(p)).statusCode).toBe(204);
      expect(await membershipOf(front.tracker.app, p.id)).toBe('deleted');
    }
  });
});
