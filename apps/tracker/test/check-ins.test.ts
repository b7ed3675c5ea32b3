import {
  CheckInStatus,
  MemberHome,
  MemberHomeWithCheckIns,
  NUDGE_TEXT,
  TeamBoard,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkIns, users } from '../src/db/schema.ts';
import { SEED_CHECK_IN_DAYS } from '../src/seed/seed.ts';
import { type Browser, browser, testClock, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/** The tracker's clock, moved by the tests. */
const clock = testClock('2026-11-02T18:00:00Z');
const { at } = clock;

/** Two seeded teams: members sign up to these. */
const TEAM = 2;
const OTHER_TEAM = 3;

const front = useTestFrontDoor({
  now: clock.now,
  capacities: { [TEAM]: 30, [OTHER_TEAM]: 30 },
});

/** The members these tests made (everyone else on a team is the seed's). */
const madeHere = new Set<number>();

interface Member {
  id: number;
  email: string;
  name: string;
  password: string;
  browser: Browser;
  /** The clock at the last sign-in: a session idle for 30 minutes of the clock ends. */
  signedInAt: number;
  b: Browser;
}

/** Signs up on `teamId`, is approved (unless `approve` is false) and signs in. */
async function member(
  teamId: number,
  name: string,
  timeZone: string | null,
  { approve = true } = {},
): Promise<Member> {
  const user = await teamMember(front.tracker, teamId, name, { approve });
  const { id } = user;
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  if (timeZone !== null) {
    const set = await b.send({ method: 'PUT', url: '/api/me/time-zone', payload: { timeZone } });
    expect(set.statusCode).toBe(200);
  }
  madeHere.add(id);
  const m: Member = {
    id,
    email: user.email,
    name,
    password: user.password,
    browser: b,
    signedInAt: clock.ms,
    // The member's browser, signed in again whenever the tests moved the clock since.
    b: {
      ...b,
      async send(opts) {
        if (m.signedInAt !== clock.ms) {
          expect((await b.signIn(m.email, m.password)).statusCode).toBe(200);
          m.signedInAt = clock.ms;
        }
        return b.send(opts);
      },
    },
  };
  return m;
}

const status = async (m: Member) => {
  const res = await m.b.send({ method: 'GET', url: '/api/me/check-ins' });
  expect(res.statusCode).toBe(200);
  return CheckInStatus.parse(res.json());
};
const checkIn = (m: Member, day: string, answer: 'yes' | 'not-today', note?: string) =>
  m.b.send({ method: 'PUT', url: '/api/me/check-ins', payload: { day, answer, note } });
const board = (m: Member, teamId = TEAM) =>
  m.b.send({ method: 'GET', url: `/api/teams/${teamId}/board` });
const nudge = (m: Member, to: number, teamId = TEAM) =>
  m.b.send({ method: 'POST', url: `/api/teams/${teamId}/members/${to}/nudge` });
const nudgeMails = async (to: string) =>
  (await front.tracker.app.repos.outbox.all()).filter(
    (row) => row.kind === 'nudge' && row.toAddress === to,
  );
const storedDays = async (userId: number) =>
  (
    await front.tracker.app.database.db
      .select({ day: checkIns.day })
      .from(checkIns)
      .where(eq(checkIns.userId, userId))
  )
    .map((row) => row.day)
    .sort();

let denver: Member;
let berlin: Member;

describe('the time zone', () => {
  it("is the browser's, given at the first sign-in, until the member has one; an unknown one is ignored", async () => {
    at('2026-11-02T18:00:00Z');
    const user = await teamMember(front.tracker, TEAM, 'Sam Signin');
    madeHere.add(user.id);
    const b = browser(front.door);
    const signIn = (timeZone: unknown) =>
      b.send({
        method: 'POST',
        url: '/api/session',
        payload: { email: user.email, password: user.password, timeZone },
      });
    const zone = async () =>
      MemberHome.parse((await b.send({ method: 'GET', url: '/api/me' })).json()).account.timeZone;
    expect((await signIn('Mars/Olympus_Mons')).statusCode).toBe(200);
    expect(await zone()).toBeNull();
    expect((await signIn('asia/tokyo')).statusCode).toBe(200);
    expect(await zone()).toBe('Asia/Tokyo');
    expect((await signIn('Europe/Berlin')).statusCode).toBe(200);
    expect(await zone()).toBe('Asia/Tokyo');
    expect((await signIn('x'.repeat(101))).statusCode).toBe(400);
  });

  it('is kept on the account in its canonical spelling; anything but a zone name is refused', async () => {
    at('2026-11-02T18:00:00Z');
    const m = await member(TEAM, 'Zoe Zone', null);
    const home = () => m.b.send({ method: 'GET', url: '/api/me' });
    expect(MemberHome.parse((await home()).json()).account.timeZone).toBeNull();
    const set = await m.b.send({
      method: 'PUT',
      url: '/api/me/time-zone',
      payload: { timeZone: 'europe/berlin' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/Berlin' });
    for (const timeZone of ['Mars/Olympus_Mons', '+02:00', 'MST', '', 'Europe/Berlin; DROP', 7]) {
      const refused = await m.b.send({
        method: 'PUT',
        url: '/api/me/time-zone',
        payload: { timeZone },
      });
      expect(refused.statusCode, String(timeZone)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
    expect(MemberHome.parse((await home()).json()).account.timeZone).toBe('Europe/Berlin');
  });
});

describe('the daily check-in', () => {
  beforeAll(async () => {
    at('2026-11-02T18:00:00Z');
    denver = await member(TEAM, 'Dana Denver', 'America/Denver');
    berlin = await member(TEAM, 'Bert Berlin', 'Europe/Berlin');
  });

  it('counts a check-in after local midnight for the new day, in Denver', async () => {
    // 23:30 on Monday 2 November in Denver (UTC-7).
    at('2026-11-03T06:30:00Z');
    expect((await status(denver)).days.map((d) => [d.which, d.day])).toEqual([
      ['today', '2026-11-02'],
    ]);
    expect((await checkIn(denver, '2026-11-02', 'yes')).statusCode).toBe(200);
    // 00:05 on Tuesday: a new day, and Monday is still open until noon.
    at('2026-11-03T07:05:00Z');
    const after = await status(denver);
    expect(after.days.map((d) => [d.which, d.day, d.checkIn?.answer ?? null])).toEqual([
      ['today', '2026-11-03', null],
      ['yesterday', '2026-11-02', 'yes'],
    ]);
    expect(after.days[0]?.closesAt).toBe('2026-11-04T07:00:00.000Z');
    expect(after.days[1]?.closesAt).toBe('2026-11-03T19:00:00.000Z');
    const res = await checkIn(denver, '2026-11-03', 'not-today', 'Long shift');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      day: '2026-11-03',
      answer: 'not-today',
      note: 'Long shift',
    });
    expect(await storedDays(denver.id)).toEqual(['2026-11-02', '2026-11-03']);
  });

  it('counts a check-in after local midnight for the new day, in Berlin', async () => {
    // 00:05 on Tuesday 3 November in Berlin (UTC+1), while it is still Monday in UTC.
    at('2026-11-02T23:05:00Z');
    const now = await status(berlin);
    expect(now.timeZone).toBe('Europe/Berlin');
    expect(now.days.map((d) => [d.which, d.day])).toEqual([
      ['today', '2026-11-03'],
      ['yesterday', '2026-11-02'],
    ]);
    expect((await checkIn(berlin, '2026-11-03', 'yes')).statusCode).toBe(200);
    expect(await storedDays(berlin.id)).toEqual(['2026-11-03']);
  });

  it('takes yesterday until noon only, and no other day', async () => {
    // 11:59 on Tuesday in Denver: Monday can still be changed.
    at('2026-11-03T18:59:00Z');
    const edited = await checkIn(denver, '2026-11-02', 'not-today', 'Changed my mind');
    expect(edited.statusCode).toBe(200);
    // Noon: Monday has closed.
    at('2026-11-03T19:00:00Z');
    expect((await status(denver)).days.map((d) => d.which)).toEqual(['today']);
    const late = await checkIn(denver, '2026-11-02', 'yes');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CHECK_IN_CLOSED',
      message: 'You can check in for today, and for yesterday until noon.',
    });
    for (const day of ['2026-11-01', '2026-11-04', '2025-11-03']) {
      expect((await checkIn(denver, day, 'yes')).json().code, day).toBe('CHECK_IN_CLOSED');
    }
    // Nothing changed: Monday is still what was answered before noon.
    const [monday] = await front.tracker.app.database.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.userId, denver.id), eq(checkIns.day, '2026-11-02')));
    expect(monday).toMatchObject({ done: false, note: 'Changed my mind' });
  });

  it('changes today in place until the day ends, and refuses a bad answer or a long note', async () => {
    at('2026-11-03T20:00:00Z');
    const first = (await checkIn(denver, '2026-11-03', 'not-today', 'Long shift')).json();
    at('2026-11-04T06:59:00Z');
    const changed = await checkIn(denver, '2026-11-03', 'yes', '  ');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ answer: 'yes', note: null });
    expect(changed.json().createdAt).toBe(first.createdAt);
    expect(changed.json().updatedAt).toBe('2026-11-04T06:59:00.000Z');
    const bad = [
      { day: '2026-11-03', answer: 'maybe' },
      { day: '2026-11-03', answer: 'yes', note: 'x'.repeat(281) },
      { day: '2026-02-30', answer: 'yes' },
      { day: 'today', answer: 'yes' },
      { answer: 'yes' },
    ];
    for (const payload of bad) {
      const res = await denver.b.send({ method: 'PUT', url: '/api/me/check-ins', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await checkIn(denver, '2026-11-03', 'yes', 'x'.repeat(280))).statusCode).toBe(200);
    at('2026-11-04T07:00:00Z');
    expect((await checkIn(denver, '2026-11-03', 'yes')).statusCode).toBe(200);
    at('2026-11-04T19:00:00Z');
    expect((await checkIn(denver, '2026-11-03', 'yes')).statusCode).toBe(409);
  });

  it('is only for members on a team, and only signed in', async () => {
    at('2026-11-04T20:00:00Z');
    const applicant = await member(TEAM, 'Pending Pat', 'America/Denver', { approve: false });
    const off = await applicant.b.send({ method: 'GET', url: '/api/me/check-ins' });
    expect(off.statusCode).toBe(404);
    const offHome = await applicant.b.send({ method: 'GET', url: '/api/me/home' });
    expect(offHome.statusCode).toBe(200);
    expect(offHome.json().checkIns).toBeNull();
    expect((await checkIn(applicant, '2026-11-04', 'yes')).statusCode).toBe(404);
    expect(await storedDays(applicant.id)).toEqual([]);
    const anonymous = browser(front.door);
    for (const [method, url] of [
      ['GET', '/api/me/check-ins'],
      ['GET', '/api/me/home'],
      ['PUT', '/api/me/check-ins'],
      ['PUT', '/api/me/time-zone'],
      ['GET', `/api/teams/${TEAM}/board`],
      ['POST', `/api/teams/${TEAM}/members/${denver.id}/nudge`],
    ] as const) {
      const payload = { day: '2026-11-04', answer: 'yes', timeZone: 'Europe/Berlin' };
      const res = await anonymous.send({ method, url, ...(method === 'GET' ? {} : { payload }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('SIGN_IN_REQUIRED');
    }
  });
});

describe('the home in one answer', () => {
  it('is the home with the check-in card a member on a team reads apart', async () => {
    at('2026-11-04T20:30:00Z');
    expect((await checkIn(denver, '2026-11-04', 'yes', 'one answer')).statusCode).toBe(200);
    const res = await denver.b.send({ method: 'GET', url: '/api/me/home' });
    expect(res.statusCode).toBe(200);
    const { checkIns, session, ...home } = MemberHomeWithCheckIns.parse(res.json());
    const apart = await denver.b.send({ method: 'GET', url: '/api/me' });
    expect(home).toEqual(MemberHome.parse(apart.json()));
    // The home alone also names the session it was read in, for the copy kept offline.
    expect(session?.tag).toEqual(expect.any(String));
    expect(checkIns).toEqual(await status(denver));
    expect(checkIns?.days[0]?.checkIn?.note).toBe('one answer');
  });
});

describe('streaks', () => {
  it('count the member’s check-in days in a row from the day they joined, on their clock', async () => {
    // Monday 16 November, 10:00 in Denver: approved today.
    at('2026-11-16T17:00:00Z');
    const sam = await member(TEAM, 'Sam Streak', 'America/Denver');
    expect((await status(sam)).streaks).toEqual({ current: 0, longest: 0, currentYes: 0 });
    expect((await checkIn(sam, '2026-11-16', 'yes')).statusCode).toBe(200);
    at('2026-11-17T17:00:00Z');
    expect((await checkIn(sam, '2026-11-17', 'not-today')).statusCode).toBe(200);
    // Not today keeps the streak and ends the Yes streak.
    expect((await status(sam)).streaks).toEqual({ current: 2, longest: 2, currentYes: 0 });
    // Wednesday goes unanswered; on Thursday afternoon it can no longer be answered.
    at('2026-11-19T20:00:00Z');
    expect((await status(sam)).streaks).toEqual({ current: 0, longest: 2, currentYes: 0 });
    expect((await checkIn(sam, '2026-11-19', 'yes')).statusCode).toBe(200);
    expect((await status(sam)).streaks).toEqual({ current: 1, longest: 2, currentYes: 1 });
    // The weekend is not one of Sam's check-in days: Monday still follows Friday.
    at('2026-11-20T17:00:00Z');
    expect((await checkIn(sam, '2026-11-20', 'yes')).statusCode).toBe(200);
    at('2026-11-23T17:00:00Z');
    expect((await checkIn(sam, '2026-11-23', 'yes')).statusCode).toBe(200);
    expect((await status(sam)).streaks).toEqual({ current: 3, longest: 3, currentYes: 3 });
    // The home's 12 weeks follow the same days: joined on Monday the 16th, nothing before it is
    // a miss; Wednesday the 18th stays missed.
    const { calendar } = await status(sam);
    expect(calendar).toHaveLength(12);
    expect(calendar.at(-1)?.start).toBe('2026-11-23');
    const joined = calendar.at(-2);
    expect(joined?.days.map((d) => d.state)).toEqual([
      'yes',
      'not-today',
      'missed',
      'yes',
      'yes',
      'off',
      // Monday before noon: Sunday can still be answered.
      'open',
    ]);
    expect(joined?.yes).toBe(3);
    expect(calendar.at(-3)?.days.every((d) => d.state === 'before-joining')).toBe(true);
    expect(
      calendar
        .at(-1)
        ?.days.map((d) => d.state)
        .slice(0, 2),
    ).toEqual(['yes', 'future']);
  });
});

describe('the team board', () => {
  it("shows each teammate's today, 14 days and their week, the seeded teammates too", async () => {
    // Wednesday 4 November, 13:00 in Denver.
    at('2026-11-04T20:00:00Z');
    expect((await checkIn(denver, '2026-11-04', 'yes')).statusCode).toBe(200);
    const res = await board(denver);
    expect(res.statusCode).toBe(200);
    const view = TeamBoard.parse(res.json());
    expect(view.team.id).toBe(TEAM);
    expect(view.today).toBe('2026-11-04');
    expect(view.days).toHaveLength(14);
    expect(view.days[0]).toBe('2026-10-22');
    expect(view.days.at(-1)).toBe('2026-11-04');
    const own = view.members.find((m) => m.own);
    expect(own?.id).toBe(denver.id);
    expect(own?.today.checkIn?.answer).toBe('yes');
    // Monday Not today, Tuesday Yes, Wednesday Yes: 2 of 5 this week.
    expect(own?.weekYes).toBe(2);
    expect(own?.days.slice(-3).map((d) => d.answer)).toEqual(['not-today', 'yes', 'yes']);
    // Dana joined on Monday 2 November: the days before are shown as such, not as misses.
    expect(own?.days.find((d) => d.day === '2026-10-30')).toEqual({
      day: '2026-10-30',
      answer: null,
      beforeJoining: true,
      paused: false,
    });
    expect(own?.days.filter((d) => d.day >= '2026-11-02').every((d) => !d.beforeJoining)).toBe(
      true,
    );
    expect(own?.canNudge).toBe(false);
    // Berlin's Wednesday started at 23:00 UTC on Tuesday; they answered for their Tuesday.
    const bert = view.members.find((m) => m.id === berlin.id);
    expect(bert?.today.day).toBe('2026-11-04');
    expect(bert?.days.find((d) => d.day === '2026-11-03')?.answer).toBe('yes');
    expect(bert?.weekYes).toBe(1);
    // The seed's members have weeks of check-ins, up to their own today.
    const seeded = view.members.filter((m) => !madeHere.has(m.id));
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    for (const mate of seeded) {
      expect(mate.days.filter((d) => d.answer !== null).length).toBeGreaterThan(3);
      // Their answers go back before the seed made their memberships: none counts as before.
      expect(mate.days.filter((d) => d.answer !== null && d.beforeJoining)).toEqual([]);
    }
    const [seed] = seeded;
    expect(seed && (await storedDays(seed.id)).length).toBeGreaterThan(SEED_CHECK_IN_DAYS / 2);
  });

  it('is 404 to anyone not on the team: another team, an applicant, a team that is not there', async () => {
    at('2026-11-04T20:00:00Z');
    const outsider = await member(OTHER_TEAM, 'Olga Outsider', 'Europe/Berlin');
    expect((await board(outsider, OTHER_TEAM)).statusCode).toBe(200);
    const refused = await board(outsider, TEAM);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('TEAM_NOT_FOUND');
    expect(JSON.stringify(refused.json())).not.toContain('Dana');
    const applicant = await member(TEAM, 'Pending Paul', null, { approve: false });
    expect((await board(applicant, TEAM)).statusCode).toBe(404);
    expect((await board(denver, 99_999)).statusCode).toBe(404);
    expect((await board(denver, OTHER_TEAM)).statusCode).toBe(404);
    const bad = await denver.b.send({ method: 'GET', url: '/api/teams/abc/board' });
    expect(bad.statusCode).toBe(400);
    // Nor can an outsider nudge into the team.
    expect((await nudge(outsider, denver.id, TEAM)).statusCode).toBe(404);
    expect((await nudge(outsider, denver.id, OTHER_TEAM)).statusCode).toBe(404);
    expect(await nudgeMails(denver.email)).toEqual([]);
  });
});

describe('nudges', () => {
  it('send one email for two nudges in a day, and another the next day', async () => {
    // Thursday 5 November, 10:00 in Denver and 18:00 in Berlin; Bert has not checked in.
    at('2026-11-05T17:00:00Z');
    const first = await nudge(denver, berlin.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ to: berlin.id, day: '2026-11-05' });
    const again = await nudge(denver, berlin.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NUDGED_ALREADY',
      message: 'You have nudged Bert Berlin today already.',
    });
    const mails = await nudgeMails(berlin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(NUDGE_TEXT);
    expect(mails[0]?.bodyText).toContain('Your team is asking: did you do that thing today?');
    expect(mails[0]?.bodyText).toContain('Dana Denver');
    const view = TeamBoard.parse((await board(denver)).json());
    expect(view.members.find((m) => m.id === berlin.id)).toMatchObject({
      nudgedToday: true,
      canNudge: false,
    });
    // The other way round is another pair.
    expect((await nudge(berlin, denver.id)).statusCode).toBe(201);
    // Friday in Denver: a new day for the sender.
    at('2026-11-06T17:00:00Z');
    expect((await nudge(denver, berlin.id)).statusCode).toBe(201);
    expect(await nudgeMails(berlin.email)).toHaveLength(2);
  });

  it('send one email when two nudges arrive at once', async () => {
    at('2026-11-07T17:00:00Z');
    const both = await Promise.all([nudge(berlin, denver.id), nudge(berlin, denver.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const today = (await nudgeMails(denver.email)).filter(
      (row) => row.createdAt.getTime() === clock.ms,
    );
    expect(today).toHaveLength(1);
  });

  it('are not sent to oneself, nor to a teammate who has checked in today', async () => {
    // Its own pair, so the test stands alone (`-t oneself`) and in any order.
    at('2026-11-09T17:00:00Z');
    const sender = await member(TEAM, 'Sol Sender', 'America/Denver');
    const mate = await member(TEAM, 'Mira Mate', 'Europe/Berlin');
    const self = await nudge(sender, sender.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot nudge yourself.');
    expect(await nudgeMails(sender.email)).toEqual([]);
    expect((await checkIn(mate, '2026-11-09', 'yes')).statusCode).toBe(200);
    const done = await nudge(sender, mate.id);
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('CHECKED_IN_ALREADY');
    expect(await nudgeMails(mate.email)).toEqual([]);
  });

  it("carry a sender's name on one line: a line break in it cannot start a paragraph of the mail", async () => {
    at('2026-11-10T17:00:00Z');
    const sender = await member(TEAM, 'Bob Breaks', 'America/Denver');
    const mate = await member(TEAM, 'Rita Reader', 'Europe/Berlin');
    const fake = 'Bob\r\n\r\nSECURITY NOTICE: sign in again at http://evil.test/login';
    // The profile refuses such a name...
    const renamed = await sender.b.send({
      method: 'PUT',
      url: '/api/me/profile',
      payload: { name: fake, goalSummary: 'Write', aboutMe: '' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(JSON.stringify(renamed.json())).toContain('Must be one line of text');
    // ...and one stored before the rule still reaches the mail on one line.
    await front.tracker.app.database.db
      .update(users)
      .set({ name: fake })
      .where(eq(users.id, sender.id));
    expect((await nudge(sender, mate.id)).statusCode).toBe(201);
    const [mail] = await nudgeMails(mate.email);
    const lines = mail?.bodyText.split('\n') ?? [];
    expect(lines.some((line) => line.startsWith('SECURITY NOTICE'))).toBe(false);
    expect(
      lines.filter((line) =>
        line.startsWith('Bob SECURITY NOTICE: sign in again at http://evil.test/login of Team '),
      ),
    ).toHaveLength(1);
  });
});
