import { CheckInStatus, TeamBoard } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInReplies, cheers } from '../src/db/schema.ts';
import { type Browser, browser, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/** 11:00 on Monday 2 November 2026 in Denver, the default zone. */
const NOW = Date.parse('2026-11-02T18:00:00Z');
const DAY = '2026-11-02';
const TEAM = 2;
const OTHER_TEAM = 3;

const front = useTestFrontDoor({
  now: () => new Date(NOW),
  capacities: { [TEAM]: 30, [OTHER_TEAM]: 30 },
});

interface Member {
  id: number;
  name: string;
  b: Browser;
}

/** Signs up on `teamId`, is approved (unless `approve` is false) and signs in. */
async function member(teamId: number, name: string, { approve = true } = {}): Promise<Member> {
  const user = await teamMember(front.tracker, teamId, name, { approve });
  const { id } = user;
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { id, name, b };
}

const checkIn = async (m: Member, answer: 'yes' | 'not-today', note?: string) => {
  const res = await m.b.send({
    method: 'PUT',
    url: '/api/me/check-ins',
    payload: { day: DAY, answer, note },
  });
  expect(res.statusCode).toBe(200);
};
const path = (to: Member, what: 'cheer' | 'replies', teamId = TEAM, day = DAY) =>
  `/api/teams/${teamId}/members/${to.id}/check-ins/${day}/${what}`;
const cheer = (from: Member, to: Member, teamId = TEAM) =>
  from.b.send({ method: 'PUT', url: path(to, 'cheer', teamId) });
const uncheer = (from: Member, to: Member, teamId = TEAM) =>
  from.b.send({ method: 'DELETE', url: path(to, 'cheer', teamId) });
const reply = (from: Member, to: Member, payload: unknown, teamId = TEAM) =>
  from.b.send({ method: 'POST', url: path(to, 'replies', teamId), payload: payload as object });
const boardCard = async (viewer: Member, of: Member) => {
  const res = await viewer.b.send({ method: 'GET', url: `/api/teams/${TEAM}/board` });
  expect(res.statusCode).toBe(200);
  const card = TeamBoard.parse(res.json()).members.find((m) => m.id === of.id);
  if (card === undefined) throw new Error(`${of.name} is not on the board`);
  return card;
};
const home = async (m: Member) => {
  const res = await m.b.send({ method: 'GET', url: '/api/me/check-ins' });
  expect(res.statusCode).toBe(200);
  return CheckInStatus.parse(res.json());
};
const stored = async (table: typeof cheers | typeof checkInReplies, userId: number) =>
  (await front.tracker.app.database.db.select().from(table).where(eq(table.userId, userId))).length;

let ann: Member;
let ben: Member;
let cai: Member;

beforeAll(async () => {
  ann = await member(TEAM, 'Ann Achiever');
  ben = await member(TEAM, 'Ben Booster');
  cai = await member(TEAM, 'Cai Cheerer');
});

describe('cheers', () => {
  it("count once per teammate, undo on the second tap, show on the board and on the owner's home, and send no mail", async () => {
    await checkIn(ann, 'yes', 'Ran 5 km');
    const mailsBefore = (await front.tracker.app.repos.outbox.all()).length;
    const first = await cheer(ben, ann);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      cheers: [{ id: ben.id, name: 'Ben Booster' }],
      cheeredByYou: true,
    });
    // A double tap counts once.
    expect((await cheer(ben, ann)).json().cheers).toHaveLength(1);
    expect((await cheer(cai, ann)).json().cheers.map((p: { id: number }) => p.id)).toEqual([
      ben.id,
      cai.id,
    ]);

    const seenByBen = await boardCard(ben, ann);
    expect(seenByBen.today.reactions.cheers.map((p) => p.name)).toEqual([
      'Ben Booster',
      'Cai Cheerer',
    ]);
    expect(seenByBen.today.reactions.cheeredByYou).toBe(true);
    expect((await boardCard(ann, ann)).today.reactions.cheeredByYou).toBe(false);

    const annHome = await home(ann);
    expect(annHome.reactions).toEqual([
      {
        day: DAY,
        answer: 'yes',
        note: 'Ran 5 km',
        cheers: [
          { id: ben.id, name: 'Ben Booster' },
          { id: cai.id, name: 'Cai Cheerer' },
        ],
        replies: [],
      },
    ]);

    const undone = await uncheer(ben, ann);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({
      cheers: [{ id: cai.id, name: 'Cai Cheerer' }],
      cheeredByYou: false,
    });
    // Undoing a cheer that is not there changes nothing.
    expect((await uncheer(ben, ann)).json().cheers).toHaveLength(1);
    expect((await front.tracker.app.repos.outbox.all()).length).toBe(mailsBefore);
  });

  it('are for a Yes of a teammate only: not for Not today, not for oneself, not for a day without a check-in', async () => {
    await checkIn(ben, 'not-today');
    const notYes = await cheer(ann, ben);
    expect(notYes.statusCode).toBe(409);
    expect(notYes.json()).toMatchObject({
      code: 'CHECK_IN_NOT_YES',
      message: 'Only a Yes check-in can be cheered.',
    });
    const own = await cheer(ann, ann);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot cheer your own check-in.');
    const none = await cai.b.send({
      method: 'PUT',
      url: `/api/teams/${TEAM}/members/${ann.id}/check-ins/2026-10-30/cheer`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Ann Achiever has not checked in on 2026-10-30.');
    const badDay = await cai.b.send({
      method: 'PUT',
      url: `/api/teams/${TEAM}/members/${ann.id}/check-ins/2026-02-30/cheer`,
    });
    expect(badDay.statusCode).toBe(400);
    expect(await stored(cheers, ann.id)).toBe(0);
  });

  it('are not shown on a day changed to Not today, and come back with the Yes', async () => {
    const dee = await member(TEAM, 'Dee Doer');
    await checkIn(dee, 'yes');
    expect((await cheer(ann, dee)).statusCode).toBe(200);
    await checkIn(dee, 'not-today');
    // Only a Yes is cheered: a Not today shows none, on the board and on the owner's home.
    expect((await boardCard(ann, dee)).today.reactions.cheers).toEqual([]);
    expect((await home(dee)).reactions).toEqual([]);
    await checkIn(dee, 'yes');
    expect((await boardCard(ann, dee)).today.reactions.cheers).toEqual([
      { id: ann.id, name: 'Ann Achiever' },
    ]);
    expect((await home(dee)).reactions[0]?.cheers.map((p) => p.name)).toEqual(['Ann Achiever']);
  });
});

describe('replies', () => {
  it('are shown to the team on the board and to the owner on their home, in the order they came', async () => {
    const sent = await reply(ben, ann, { text: '  Well done!\nKeep going.  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      author: { id: ben.id, name: 'Ben Booster' },
      text: 'Well done! Keep going.',
      createdAt: new Date(NOW).toISOString(),
    });
    const longest = 'y'.repeat(280);
    expect((await reply(ann, ann, { text: longest })).statusCode).toBe(201);
    const seenByCai = (await boardCard(cai, ann)).today.reactions.replies;
    expect(seenByCai.map((r) => [r.author.name, r.text])).toEqual([
      ['Ben Booster', 'Well done! Keep going.'],
      ['Ann Achiever', longest],
    ]);
    // The owner's home lists what teammates said, not their own answers.
    const [mine] = (await home(ann)).reactions;
    expect(mine?.replies.map((r) => r.text)).toEqual(['Well done! Keep going.']);
  });

  it('are refused with a clear 400 when blank, too long or not text, and nothing is stored', async () => {
    const before = await stored(checkInReplies, cai.id);
    const cases: [unknown, string][] = [
      [{ text: 'x'.repeat(281) }, 'text: A reply can be at most 280 characters'],
      [{ text: ' \n ' }, 'text: Write a reply first'],
      [{ text: 42 }, 'text: Write a reply first'],
      [{}, 'text: Write a reply first'],
      [{ text: 'nul \u0000 here' }, 'text: Text must not contain NUL characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await reply(cai, ann, payload);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        'VALIDATION_ERROR',
        message,
      ]);
    }
    const notJson = await cai.b.send({
      method: 'POST',
      url: path(ann, 'replies'),
      payload: '{"text":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await stored(checkInReplies, cai.id)).toBe(before);
  });

  it('need a note to reply to', async () => {
    const eve = await member(TEAM, 'Eve Early');
    await checkIn(eve, 'yes');
    const res = await reply(ann, eve, { text: 'Nice!' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHECK_IN_HAS_NO_NOTE',
      message: 'This check-in has no note to reply to.',
    });
  });
});

describe('cheers and replies from anyone not on the team', () => {
  it('are refused: another team, an applicant, a teammate asked about through another team, signed out, another origin', async () => {
    const outsider = await member(OTHER_TEAM, 'Oli Outsider');
    await checkIn(outsider, 'yes', 'Other team note');
    const applicant = await member(TEAM, 'Pat Pending', { approve: false });
    const cheersBefore = await stored(cheers, outsider.id);

    for (const [who, to, teamId, code] of [
      // Another team's member asking about this team.
      [outsider, ann, TEAM, 'TEAM_NOT_FOUND'],
      // An applicant of this team, not approved yet.
      [applicant, ann, TEAM, 'TEAM_NOT_FOUND'],
      // A member of this team asking about someone on another team, through their own team.
      [ben, outsider, TEAM, 'NOT_FOUND'],
      // ...or through the other team.
      [ben, outsider, OTHER_TEAM, 'TEAM_NOT_FOUND'],
    ] as const) {
      for (const res of [
        await cheer(who, to, teamId),
        await uncheer(who, to, teamId),
        await reply(who, to, { text: 'Hello' }, teamId),
      ]) {
        expect([who.name, res.statusCode, res.json().code]).toEqual([who.name, 404, code]);
      }
    }

    const signedOut = browser(front.door);
    const out = await signedOut.send({ method: 'PUT', url: path(ann, 'cheer') });
    expect([out.statusCode, out.json().code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    const elsewhere = await ben.b.send({
      method: 'PUT',
      url: path(ann, 'cheer'),
      headers: { origin: 'https://evil.example' },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([403, 'FORBIDDEN_ORIGIN']);
    const elsewhereReply = await ben.b.send({
      method: 'POST',
      url: path(ann, 'replies'),
      payload: { text: 'Hi' },
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhereReply.statusCode).toBe(403);

    expect(await stored(cheers, outsider.id)).toBe(cheersBefore);
    expect(await stored(checkInReplies, outsider.id)).toBe(0);
    expect(await stored(checkInReplies, applicant.id)).toBe(0);
    expect((await boardCard(ann, ann)).today.reactions.cheers.map((p) => p.id)).toEqual([cai.id]);
  });
});
