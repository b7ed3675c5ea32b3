import { FreedSeat, QUIET_TEXTS, QuietLink, QuietMembers } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkIns, outbox, pauseStarts, pauses } from '../src/db/schema.ts';
import { quietMembers, runQuietMembers } from '../src/services/quiet-members.ts';
import { codeAt, ORIGIN, operator, testClock, useTestFrontDoor } from './door.ts';
import {
  API_KEY,
  directly,
  joinRequestOf,
  membershipStatus,
  secondTracker,
  signUp,
  type TestTracker,
} from './helpers.ts';

/** The tracker's clock, moved by the tests: Denver is on UTC-7 all along (after 1 November). */
const clock = testClock('2026-11-02T17:00:00Z');
const { at, now } = clock;
const front = useTestFrontDoor({ now });
let t: TestTracker;
let door: FastifyInstance;
beforeAll(() => {
  ({ tracker: t, door } = front);
});

const made = directly(() => front.tracker, 'Quiet', now);
/** A team of its own with `capacity` seats, on Work / Entrepreneur teams unless said. */
const team = (capacity = 6, focus = { focusAreaId: 1, focusRoleId: 8 }) =>
  made.team(capacity, focus);
/** An Active member of `teamId` in Denver who joined at the tracker's now. */
const member = (name: string, teamId: number) => made.member(name, teamId);

const mailsTo = async (kind: string, ...addresses: string[]) =>
  t.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), inArray(outbox.toAddress, addresses)))
    .orderBy(outbox.id);

const linkIn = (text: string, label: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${label}: `));
  if (!line) throw new Error(`no "${label}" link in ${text}`);
  return new URL(line.slice(label.length + 2)).searchParams.get('token') ?? '';
};

const press = (token: string) =>
  door.inject({
    method: 'POST',
    url: '/api/email-links/quiet',
    headers: { origin: ORIGIN },
    payload: { token },
  });

describe('quiet members', () => {
  it('get one "we miss you" mail once their third check-in day closes unanswered; a pause holds it off; I\'m back ends the spell', async () => {
    at('2026-11-02T17:00:00Z');
    const home = await team();
    const quiet = await member('Quinn Quiet', home.id);
    const paused = await member('Pat Paused', home.id);
    const answers = await member('Ava Answers', home.id);
    // Pat pauses for a week from Monday; Ava answers every day.
    await t.app.database.db
      .insert(pauses)
      .values({ userId: paused.id, firstDay: '2026-11-02', lastDay: '2026-11-08' });
    for (const day of ['02', '03', '04', '05', '06', '09', '10', '11'].map((d) => `2026-11-${d}`)) {
      await t.app.database.db
        .insert(checkIns)
        .values({ userId: answers.id, day, done: true, createdAt: now(), updatedAt: now() });
    }
    const all = [quiet.email, paused.email, answers.email];

    // Monday to Wednesday unanswered: Wednesday stays open until noon Thursday (19:00 UTC).
    at('2026-11-05T18:59:00Z');
    await runQuietMembers(t.app);
    expect(await mailsTo('quiet-member', ...all)).toHaveLength(0);
    at('2026-11-05T19:00:00Z');
    await runQuietMembers(t.app);
    await runQuietMembers(t.app);
    const [mail, ...more] = await mailsTo('quiet-member', ...all);
    expect(more).toHaveLength(0);
    expect(mail?.toAddress).toBe(quiet.email);
    expect(mail?.subject).toBe(`${QUIET_TEXTS.missYou} on Team ${home.name}`);
    const text = mail?.bodyText ?? '';
    const back = linkIn(text, "I'm back");
    const pause = linkIn(text, 'Pause me for a week');
    const leave = linkIn(text, 'Leave the team');
    expect(new Set([back, pause, leave]).size).toBe(3);

    // Reading a link changes nothing; each token does only its own answer.
    const read = await door.inject({ method: 'GET', url: `/api/email-links/quiet?token=${back}` });
    expect(QuietLink.parse(read.json())).toEqual({
      action: 'back',
      team: home.name,
      state: 'ready',
    });
    const foreign = await door.inject({
      method: 'POST',
      url: '/api/email-links/quiet',
      headers: { origin: 'https://evil.example' },
      payload: { token: back },
    });
    expect(foreign.statusCode).toBe(403);
    const pressed = await press(back);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json().message).toBe(QUIET_TEXTS.backDone);
    // Back answers nothing for Quinn: today stays unanswered, and the home still asks.
    const answered = await t.app.database.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.userId, quiet.id));
    expect(answered).toEqual([]);
    const again = await press(back);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TOKEN_USED', message: QUIET_TEXTS.linkUsed });
    const bogus = await press('x'.repeat(43));
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json().message).toBe(QUIET_TEXTS.linkNotFound);
    const empty = await press('');
    expect(empty.statusCode).toBe(400);

    // Pat's pause ended on Sunday: Monday to Wednesday of the next week make their spell.
    at('2026-11-12T18:59:00Z');
    await runQuietMembers(t.app);
    expect(await mailsTo('quiet-member', paused.email)).toHaveLength(0);
    // Quinn was back on Thursday; Friday, Monday and Tuesday make a new spell: a new mail.
    expect(await mailsTo('quiet-member', quiet.email)).toHaveLength(2);
    at('2026-11-12T19:00:00Z');
    await runQuietMembers(t.app);
    expect(await mailsTo('quiet-member', paused.email)).toHaveLength(1);
    expect(await mailsTo('quiet-member', quiet.email)).toHaveLength(2);
    expect(await mailsTo('quiet-member', answers.email)).toHaveLength(0);

    // The pause link pauses a week; the leave link takes Pat off the team.
    const patMail = (await mailsTo('quiet-member', paused.email))[0]?.bodyText ?? '';
    const paused2 = await press(linkIn(patMail, 'Pause me for a week'));
    expect(paused2.statusCode).toBe(200);
    expect(paused2.json().message).toBe(QUIET_TEXTS.pauseDone('Wednesday, November 18'));
    const left = await press(linkIn(patMail, 'Leave the team'));
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe(QUIET_TEXTS.leaveDone(home.name));
    expect(await membershipStatus(t, home.id, paused.id)).toBe('Inactive');
    expect(await membershipStatus(t, home.id, quiet.id)).toBe('Active');
    // Quinn's other answers are single-purpose tokens of their own: the pause one pauses.
    expect(
      QuietLink.parse(
        (await door.inject({ method: 'GET', url: `/api/email-links/quiet?token=${pause}` })).json(),
      ),
    ).toEqual({ action: 'pause', team: home.name, state: 'ready' });
    expect(
      QuietLink.parse(
        (await door.inject({ method: 'GET', url: `/api/email-links/quiet?token=${leave}` })).json(),
      ).action,
    ).toBe('leave');
  });

  it('are listed on the console after their tenth unanswered check-in day, and an operator can write to them and free the seat for the oldest request waiting for its area and role', async () => {
    at('2026-11-16T17:00:00Z');
    const home = await team(2);
    const silent = await member('Sid Silent', home.id);
    const other = await member('Olga Other', home.id);
    await t.app.database.db
      .insert(pauses)
      .values({ userId: other.id, firstDay: '2026-11-28', lastDay: '2026-12-20' });
    // Someone waiting for a team: signed up for Work / Entrepreneur when no team could be chosen.
    const waiting = await signUp(t, {
      teamId: 987654,
      name: 'Wanda Waiting',
      areaName: 'Work',
      roleName: 'Entrepreneur',
    });
    expect((await joinRequestOf(t, waiting.id)).status).toBe('unmatched');

    const op = await operator(t, door, () => clock.ms);
    // Signed in again whenever the clock moved since: an idle session ends.
    let signedInAt = clock.ms;
    const send: typeof op.browser.send = async (opts) => {
      if (signedInAt !== clock.ms) {
        expect((await op.browser.signIn(op.email, op.password)).statusCode).toBe(200);
        expect((await op.browser.code(codeAt(op.secret, clock.ms))).statusCode).toBe(200);
        signedInAt = clock.ms;
      }
      return op.browser.send(opts);
    };
    const list = async () =>
      QuietMembers.parse(
        // Every quiet member of the file's teams on one page: the list is paged, longest first.
        (await send({ method: 'GET', url: '/api/console/quiet-members?limit=100' })).json(),
      ).members.filter((m) => m.team.id === home.id);

    // Monday 16 to Friday 27: the tenth day, Friday 27, closes at noon on Saturday 28.
    at('2026-11-28T18:59:00Z');
    await runQuietMembers(t.app);
    expect(await list()).toEqual([]);
    const early = await send({
      method: 'POST',
      url: `/api/console/quiet-members/${silent.id}/notes`,
      payload: { message: 'Hello' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QUIET_TEXTS.notQuiet('Sid Silent'));
    at('2026-11-28T19:00:00Z');
    const [listed, ...others] = await list();
    expect(others).toEqual([]);
    const missYou = (await mailsTo('quiet-member', silent.email))[0];
    expect(listed).toEqual({
      id: silent.id,
      name: 'Sid Silent',
      email: silent.email,
      team: { id: home.id, name: home.name },
      quietDays: 10,
      since: '2026-11-16',
      lastAnswer: null,
      lastContact: { at: missYou?.createdAt.toISOString(), what: 'we-miss-you' },
    });

    // A note through the outbox; bad input is a 400 in words.
    for (const payload of [{ message: '   ' }, { message: 'x'.repeat(2001) }, {}]) {
      const bad = await send({
        method: 'POST',
        url: `/api/console/quiet-members/${silent.id}/notes`,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    at('2026-11-28T20:00:00Z');
    const note = await send({
      method: 'POST',
      url: `/api/console/quiet-members/${silent.id}/notes`,
      payload: { message: 'We would love to hear how you are doing.' },
    });
    expect(note.statusCode).toBe(201);
    const [written] = await mailsTo('quiet-message', silent.email);
    expect(written?.bodyText).toContain('We would love to hear how you are doing.');
    expect((await list())[0]?.lastContact).toEqual({
      at: '2026-11-28T20:00:00.000Z',
      what: 'note',
    });

    // Freeing the seat: Sid is told and is off the team; Wanda's request takes the seat.
    const freed = await send({
      method: 'POST',
      url: `/api/console/quiet-members/${silent.id}/seat-release`,
    });
    expect(freed.statusCode).toBe(200);
    const waitingRequest = await joinRequestOf(t, waiting.id);
    expect(FreedSeat.parse(freed.json())).toEqual({
      id: silent.id,
      placed: { joinRequestId: waitingRequest.id, name: 'Wanda Waiting' },
      undoUntil: new Date(clock.ms + t.app.trackerConfig.decisionUndoMs).toISOString(),
    });
    expect(waitingRequest).toMatchObject({ status: 'pending', teamId: home.id });
    expect(await membershipStatus(t, home.id, silent.id)).toBe('Inactive');
    expect(await membershipStatus(t, home.id, waiting.id)).toBe('Pending');
    const [told] = await mailsTo('seat-freed', silent.email);
    expect(told?.subject).toBe(`Your seat on Team ${home.name}`);
    expect(told?.bodyText).toContain(`${t.app.trackerConfig.publicUrl}/find-a-team`);
    expect(await list()).toEqual([]);
    const actions = await t.app.database.db
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.operatorId, op.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'quiet-member.noted', target: `user:${silent.id}` },
        { action: 'quiet-member.seat-freed', target: `user:${silent.id}` },
        { action: 'join-request.placed', target: `join-request:${waitingRequest.id}` },
      ]),
    );
    // Again: no longer quiet, and never for a paused member.
    const twice = await send({
      method: 'POST',
      url: `/api/console/quiet-members/${silent.id}/seat-release`,
    });
    expect(twice.statusCode).toBe(409);
    const pausedOne = await send({
      method: 'POST',
      url: `/api/console/quiet-members/${other.id}/seat-release`,
    });
    expect(pausedOne.statusCode).toBe(409);
    expect(pausedOne.json().code).toBe('NOT_QUIET');
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are mailed once when two trackers on one PostgreSQL run the schedule at the same time',
    async () => {
      at('2026-12-07T17:00:00Z');
      const second = await secondTracker(t.db, {
        apiKey: API_KEY,
        env: {},
        reminderCheckSeconds: 0,
        now,
      });
      try {
        const home = await team(30);
        const many = [];
        for (let i = 0; i < 20; i++) many.push(await member(`Twin ${i}`, home.id));
        at('2026-12-10T19:00:00Z');
        await Promise.all([
          runQuietMembers(t.app),
          runQuietMembers(second),
          runQuietMembers(t.app),
          runQuietMembers(second),
        ]);
        // A pass stops after its time (QUIET_PASS_MS) and leaves the rest to the next: on a busy
        // machine the next passes, one tracker then the other, mail whoever is left. None of them
        // may mail anyone twice.
        for (let pass = 0; pass < 6; pass++) {
          if ((await runQuietMembers(pass % 2 === 0 ? t.app : second)) === 0) break;
        }
        const sent = await mailsTo('quiet-member', ...many.map((m) => m.email));
        expect(sent).toHaveLength(20);
        expect(new Set(sent.map((m) => m.toAddress)).size).toBe(20);
      } finally {
        await second.close();
      }
    },
  );

  it("lists a member paused past their quarter's pauses, their paused days counted, and not one within it", async () => {
    at('2026-11-16T17:00:00Z');
    const home = await team();
    const past = await member('Pia Past', home.id);
    const within = await member('Wes Within', home.id);
    const db = t.app.database.db;
    // Pia has started two pauses this quarter and is in the second; Wes in his first.
    await db.insert(pauseStarts).values([
      { userId: past.id, firstDay: '2026-11-16' },
      { userId: past.id, firstDay: '2026-11-17' },
      { userId: within.id, firstDay: '2026-11-17' },
    ]);
    await db.insert(pauses).values([
      { userId: past.id, firstDay: '2026-11-17', lastDay: '2026-12-14' },
      { userId: within.id, firstDay: '2026-11-17', lastDay: '2026-12-14' },
    ]);
    // The tenth check-in day from Monday 16, Friday 27, has closed. Read whole, not a page of it.
    at('2026-11-28T19:00:00Z');
    const listed = (await quietMembers(t.app)).filter((m) => m.team.id === home.id);
    expect(listed.map((m) => [m.name, m.quietDays, m.since])).toEqual([
      ['Pia Past', 10, '2026-11-16'],
    ]);
  });
});
