import { CHECK_IN_MESSAGES, CheckInStatus, PauseAnswer, TeamBoard } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, pauseStarts, pauses } from '../src/db/schema.ts';
import { runReminders } from '../src/services/reminders.ts';
import { type Browser, browser, testClock, useTestFrontDoor } from './door.ts';
import { membershipStatus, teamMember } from './helpers.ts';

/** The tracker's clock, moved by the tests. */
const clock = testClock('2026-11-02T17:00:00Z');
const { at } = clock;
const TEAM = 2;

const front = useTestFrontDoor({ now: clock.now, capacities: { [TEAM]: 30 } });

interface Member {
  id: number;
  email: string;
  send: Browser['send'];
}

/** Signs up on the team, is approved (unless `approve` is false), signs in and lives in Denver. */
async function member(name: string, { approve = true } = {}): Promise<Member> {
  const user = await teamMember(front.tracker, TEAM, name, { approve });
  const { id } = user;
  const b = browser(front.door);
  let signedInAt = Number.NaN;
  // Signed in again whenever the clock moved since: a session idle for 30 minutes ends.
  const send: Browser['send'] = async (opts) => {
    if (signedInAt !== clock.ms) {
      expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
      signedInAt = clock.ms;
    }
    return b.send(opts);
  };
  const zone = await send({
    method: 'PUT',
    url: '/api/me/time-zone',
    payload: { timeZone: 'America/Denver' },
  });
  expect(zone.statusCode).toBe(200);
  return { id, email: user.email, send };
}

const pause = (m: Member, payload: unknown) =>
  m.send({ method: 'PUT', url: '/api/me/pause', payload: payload as object });
const endPause = (m: Member) => m.send({ method: 'DELETE', url: '/api/me/pause' });
const status = async (m: Member) => {
  const res = await m.send({ method: 'GET', url: '/api/me/check-ins' });
  expect(res.statusCode).toBe(200);
  return CheckInStatus.parse(res.json());
};
const boardCard = async (viewer: Member, of: Member) => {
  const res = await viewer.send({ method: 'GET', url: `/api/teams/${TEAM}/board` });
  expect(res.statusCode).toBe(200);
  const card = TeamBoard.parse(res.json()).members.find((m) => m.id === of.id);
  if (card === undefined) throw new Error('not on the board');
  return card;
};
const pauseRows = (userId: number) =>
  front.tracker.app.database.db.select().from(pauses).where(eq(pauses.userId, userId));
const remindersTo = async (email: string) =>
  (
    await front.tracker.app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'reminder'), eq(outbox.toAddress, email)))
  ).length;
/** 18:00 in Denver (UTC-7 in November) on `day`. */
const sixPm = (day: string) =>
  new Date(Date.parse(`${day}T18:00:00Z`) + 7 * 3_600_000).toISOString();

describe('a pause', () => {
  it('lasts 1 to 4 weeks from today; anything else is a clear 400 and changes nothing', async () => {
    // 10:00 on Monday 2 November in Denver.
    at('2026-11-02T17:00:00Z');
    const ann = await member('Ann Away');
    for (const payload of [{ weeks: 0 }, { weeks: 5 }, { weeks: 1.5 }, { weeks: 'two' }, {}]) {
      const res = await pause(ann, payload);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        'VALIDATION_ERROR',
        'weeks: Choose a pause of 1 to 4 weeks',
      ]);
    }
    expect(await pauseRows(ann.id)).toEqual([]);

    const paused = await pause(ann, { weeks: 2 });
    expect(paused.statusCode).toBe(200);
    expect(PauseAnswer.parse(paused.json())).toEqual({
      pause: { from: '2026-11-02', until: '2026-11-15' },
    });
    // The seat is kept.
    expect(await membershipStatus(front.tracker, TEAM, ann.id)).toBe('Active');
    expect((await status(ann)).pause).toEqual({ from: '2026-11-02', until: '2026-11-15' });

    const again = await pause(ann, { weeks: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAUSED_ALREADY',
      message:
        'You are paused until Sunday, November 15 already. Come back first to start a new pause.',
    });
    expect(await pauseRows(ann.id)).toHaveLength(1);
  });

  it('stops reminders, shows on the board, is never a miss, and ends on its own', async () => {
    at('2026-11-02T17:00:00Z');
    const pam = await member('Pam Paused');
    const tom = await member('Tom Teammate');
    expect(
      (
        await pam.send({
          method: 'PUT',
          url: '/api/me/check-ins',
          payload: { day: '2026-11-02', answer: 'yes' },
        })
      ).statusCode,
    ).toBe(200);
    await runReminders(front.tracker.app);
    expect((await pause(pam, { weeks: 1 })).json().pause.until).toBe('2026-11-08');

    // No reminder on any weekday of the pause; Tom, on the same team, is reminded as usual.
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']) {
      at(sixPm(day));
      await runReminders(front.tracker.app);
    }
    expect(await remindersTo(pam.email)).toBe(0);
    expect(await remindersTo(tom.email)).toBe(5);

    // Wednesday: the board says so, and a paused teammate is not nudged.
    at('2026-11-04T17:00:00Z');
    const seen = await boardCard(tom, pam);
    expect(seen.pausedUntil).toBe('2026-11-08');
    expect(seen.canNudge).toBe(false);
    expect(seen.days.find((d) => d.day === '2026-11-03')).toEqual({
      day: '2026-11-03',
      answer: null,
      beforeJoining: false,
      paused: true,
    });
    const nudge = await tom.send({
      method: 'POST',
      url: `/api/teams/${TEAM}/members/${pam.id}/nudge`,
    });
    expect([nudge.statusCode, nudge.json().code, nudge.json().message]).toEqual([
      409,
      'TEAMMATE_PAUSED',
      'Pam Paused has paused until Sunday, November 8: no nudges until then.',
    ]);

    // Monday 9 November: the pause has ended on its own.
    at('2026-11-09T17:00:00Z');
    const back = await status(pam);
    expect(back.pause).toBeNull();
    expect(back.calendar.at(-2)?.days.map((d) => d.state)).toEqual([
      'yes',
      'paused',
      'paused',
      'paused',
      'paused',
      'paused',
      'paused',
    ]);
    // The paused days ended nothing.
    expect(back.streaks).toEqual({ current: 1, longest: 1, currentYes: 1 });
    expect((await boardCard(tom, pam)).pausedUntil).toBeNull();
    at(sixPm('2026-11-09'));
    await runReminders(front.tracker.app);
    expect(await remindersTo(pam.email)).toBe(1);
  });

  it('ends early on Come back: the days before stay paused, a pause begun today goes whole', async () => {
    at('2026-11-02T17:00:00Z');
    const eli = await member('Eli Early');
    expect((await pause(eli, { weeks: 4 })).json().pause.until).toBe('2026-11-29');
    at('2026-11-04T17:00:00Z');
    const ended = await endPause(eli);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ pause: null });
    expect((await pauseRows(eli.id)).map((r) => [r.firstDay, r.lastDay])).toEqual([
      ['2026-11-02', '2026-11-03'],
    ]);
    const now = await status(eli);
    expect(now.pause).toBeNull();
    expect(
      now.calendar
        .at(-1)
        ?.days.slice(0, 3)
        .map((d) => d.state),
    ).toEqual(['paused', 'paused', 'open']);
    // A new pause, taken back the same day, leaves no trace; ending none changes nothing.
    expect((await pause(eli, { weeks: 1 })).statusCode).toBe(200);
    expect((await endPause(eli)).json()).toEqual({ pause: null });
    expect((await endPause(eli)).json()).toEqual({ pause: null });
    expect(await pauseRows(eli.id)).toHaveLength(1);
  });

  it('is refused past two a quarter, counting pauses ended early or taken back', async () => {
    // Monday 2 November in Denver: the quarter runs to 31 December.
    at('2026-11-02T17:00:00Z');
    const lee = await member('Lee Limit');
    // A pause taken back the day it began leaves no pause row, yet counts.
    expect((await pause(lee, { weeks: 1 })).statusCode).toBe(200);
    expect((await endPause(lee)).statusCode).toBe(200);
    expect(await pauseRows(lee.id)).toEqual([]);
    at('2026-11-10T17:00:00Z');
    expect((await pause(lee, { weeks: 1 })).statusCode).toBe(200);
    at('2026-11-12T17:00:00Z');
    expect((await endPause(lee)).statusCode).toBe(200);
    const before = await pauseRows(lee.id);

    const third = await pause(lee, { weeks: 1 });
    expect([third.statusCode, third.json().code, third.json().message]).toEqual([
      409,
      'PAUSE_LIMIT',
      'You have started 2 pauses this quarter, the most a quarter allows. You can pause again from Friday, January 1.',
    ]);
    expect(third.json().message).toBe(CHECK_IN_MESSAGES.pauseLimit('Friday, January 1'));
    // Nothing changed: no pause, no start counted.
    expect(await pauseRows(lee.id)).toEqual(before);
    expect((await status(lee)).pause).toBeNull();
    const starts = await front.tracker.app.database.db
      .select({ firstDay: pauseStarts.firstDay })
      .from(pauseStarts)
      .where(eq(pauseStarts.userId, lee.id));
    expect(starts.map((r) => r.firstDay)).toEqual(['2026-11-02', '2026-11-10']);

    // A new quarter on the member's calendar (Denver): 1 January at 10:00.
    at('2027-01-01T17:00:00Z');
    const next = await pause(lee, { weeks: 1 });
    expect(next.statusCode).toBe(200);
    expect(next.json().pause.from).toBe('2027-01-01');
  });

  it('is refused to anyone signed out, not on a team, or on another origin', async () => {
    at('2026-11-02T17:00:00Z');
    const out = await browser(front.door).send({
      method: 'PUT',
      url: '/api/me/pause',
      payload: { weeks: 1 },
    });
    expect([out.statusCode, out.json().code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    const applicant = await member('Pat Pending', { approve: false });
    const notOnTeam = await pause(applicant, { weeks: 1 });
    expect([notOnTeam.statusCode, notOnTeam.json().message]).toEqual([
      404,
      'You are not on a team.',
    ]);
    expect((await endPause(applicant)).statusCode).toBe(404);
    const zed = await member('Zed Zone');
    const elsewhere = await zed.send({
      method: 'PUT',
      url: '/api/me/pause',
      payload: { weeks: 1 },
      headers: { origin: 'https://evil.example' },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    expect(await pauseRows(applicant.id)).toEqual([]);
    expect(await pauseRows(zed.id)).toEqual([]);
  });
});
