import { AuditPage, ConsoleTeamCall, MemberCall, MemberHome, TeamBoard } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { browser, operator, useTestFrontDoor } from './door.ts';
import { newUser } from './helpers.ts';

/** Wednesday 25 November 2026, 12:00 UTC (05:00 in Denver, 13:00 in Berlin). */
const clock = new Date('2026-11-25T12:00:00Z').getTime();
const now = () => clock;

const front = useTestFrontDoor({
  now: () => new Date(clock),
  capacities: { 1: 100, 2: 100, 3: 100 },
});

/** A member approved onto `teamId`, signed in. */
async function member(teamId: number, name: string) {
  const user = newUser({ teamId, name });
  const res = await front.tracker.call({ method: 'POST', url: '/users', payload: user });
  expect(res.statusCode).toBe(201);
  const id = Number(res.json().user.id);
  const list = await front.tracker.call({ method: 'GET', url: '/join-requests?status=pending' });
  const request = list.json().joinRequests.find((r: { user: { id: number } }) => r.user.id === id);
  expect(
    (await front.tracker.call({ method: 'POST', url: `/join-requests/${request.id}/approve` }))
      .statusCode,
  ).toBe(200);
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { ...user, id, browser: b };
}

const CALL = {
  timeZone: 'America/Denver',
  slots: [
    { weekday: 2, time: '19:00' },
    { weekday: 5, time: '07:30' },
  ],
  durationMinutes: 25,
  meetingUrl: 'https://meet.example.org/team-two',
};

describe("a team's weekly calls", () => {
  it('are set by an operator (audited), refused to members, and checked', async () => {
    const op = await operator(front.tracker, front.door, now);
    const before = await op.browser.send({ method: 'GET', url: '/api/console/teams/2/call' });
    expect(before.statusCode).toBe(200);
    // The seed gives every team its calls; an operator changes them.
    const seeded = ConsoleTeamCall.parse(before.json()).call;
    expect(seeded?.slots).toEqual([
      { weekday: 2, time: '19:00' },
      { weekday: 5, time: '07:30' },
    ]);

    const bad = await op.browser.send({
      method: 'PUT',
      url: '/api/console/teams/2/call',
      payload: {
        ...CALL,
        durationMinutes: 45,
        timeZone: 'Mars/Olympus',
        meetingUrl: 'javascript:alert(1)',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['durationMinutes', 'timeZone', 'meetingUrl']));
    const missing = await op.browser.send({
      method: 'PUT',
      url: '/api/console/teams/999999/call',
      payload: CALL,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TEAM_NOT_FOUND');

    const set = await op.browser.send({
      method: 'PUT',
      url: '/api/console/teams/2/call',
      payload: CALL,
    });
    expect(set.statusCode).toBe(200);
    expect(ConsoleTeamCall.parse(set.json()).call).toEqual(CALL);
    const audit = AuditPage.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/audit' })).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'team-call.set',
      target: 'team:2',
      before: seeded,
      after: CALL,
    });

    const someone = await member(2, 'Not An Operator');
    for (const route of [
      { method: 'GET' as const, url: '/api/console/teams/2/call' },
      { method: 'PUT' as const, url: '/api/console/teams/2/call', payload: CALL },
    ]) {
      expect((await someone.browser.send(route)).statusCode).toBe(403);
      expect((await browser(front.door).send(route)).statusCode).toBe(401);
    }
    // An operator without the second factor in this session is refused too.
    const half = await operator(front.tracker, front.door, now, { enrol: false });
    expect(
      (await half.browser.send({ method: 'GET', url: '/api/console/teams/2/call' })).json().code,
    ).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('leave out a teammate whose account an operator made Inactive, on the home, calls and board', async () => {
    const cy = await member(3, 'Cy Stays');
    const di = await member(3, 'Di Leaves');
    const seen = async () => {
      const home = MemberHome.parse(
        (await cy.browser.send({ method: 'GET', url: '/api/me' })).json(),
      );
      const board = TeamBoard.parse(
        (await cy.browser.send({ method: 'GET', url: '/api/teams/3/board' })).json(),
      );
      return {
        team: home.team?.members.map((m) => m.id),
        calls: home.call?.attendees.map((a) => a.id),
        board: board.members.map((m) => m.id),
      };
    };
    const before = await seen();
    for (const ids of Object.values(before))
      expect(ids).toEqual(expect.arrayContaining([cy.id, di.id]));
    await front.tracker.app.database.db
      .update(users)
      .set({ status: 'Inactive' })
      .where(eq(users.id, di.id));
    const after = await seen();
    for (const [where, ids] of Object.entries(after)) {
      expect(ids, where).toContain(cy.id);
      expect(ids, where).not.toContain(di.id);
    }
  });

  it("show the member their team's next calls, who comes, and let them bow out and back in", async () => {
    const ada = await member(2, 'Ada Caller');
    const bo = await member(2, 'Bo Caller');
    const home = MemberHome.parse(
      (await ada.browser.send({ method: 'GET', url: '/api/me' })).json(),
    );
    const call = home.call;
    if (call === null) throw new Error('no call on the home');
    // Friday 07:30 in Denver (MST, UTC-7) comes before Tuesday 19:00 from a Wednesday.
    expect(call.slots.map((s) => s.next)).toEqual([
      '2026-11-27T14:30:00.000Z',
      '2026-12-02T02:00:00.000Z',
    ]);
    expect(call.coming).toBe(true);

    const out = await ada.browser.send({
      method: 'PUT',
      url: '/api/me/call-attendance',
      payload: { coming: false },
    });
    expect(out.statusCode).toBe(200);
    expect(MemberCall.parse(out.json()).coming).toBe(false);
    const seenByBo = MemberHome.parse(
      (await bo.browser.send({ method: 'GET', url: '/api/me' })).json(),
    ).call;
    expect(seenByBo?.attendees.find((a) => a.id === ada.id)).toEqual({
      id: ada.id,
      name: 'Ada Caller',
      coming: false,
    });
    expect(seenByBo?.attendees.find((a) => a.id === bo.id)?.coming).toBe(true);
    // Still on the team.
    const after = MemberHome.parse(
      (await ada.browser.send({ method: 'GET', url: '/api/me' })).json(),
    );
    expect(after.team?.id).toBe(2);

    const back = await ada.browser.send({
      method: 'PUT',
      url: '/api/me/call-attendance',
      payload: { coming: true },
    });
    expect(MemberCall.parse(back.json()).coming).toBe(true);
    const bad = await ada.browser.send({
      method: 'PUT',
      url: '/api/me/call-attendance',
      payload: { coming: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await browser(front.door).send({
          method: 'PUT',
          url: '/api/me/call-attendance',
          payload: { coming: true },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('give the member an .ics with a weekly RRULE in the team zone', async () => {
    const cy = await member(2, 'Cy Calendar');
    const res = await cy.browser.send({ method: 'GET', url: '/api/me/call.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="team-calls.ics"/);
    const ics = res.body;
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Denver');
    expect(ics).toContain('DTSTART;TZID=America/Denver:20261201T190000');
    expect(ics).toContain('DTEND;TZID=America/Denver:20261201T192500');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
    expect(ics).toContain('DTSTART;TZID=America/Denver:20261127T073000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR');
    expect(ics).toContain('DTSTAMP:20261125T120000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);

    // Someone on no team has no calls.
    const user = newUser({ teamId: 3 });
    await front.tracker.call({ method: 'POST', url: '/users', payload: user });
    const pending = browser(front.door);
    await pending.signIn(user.email, user.password);
    expect((await pending.send({ method: 'GET', url: '/api/me/call.ics' })).statusCode).toBe(404);
    expect(
      MemberHome.parse((await pending.send({ method: 'GET', url: '/api/me' })).json()).call,
    ).toBeNull();
    expect(
      (
        await pending.send({
          method: 'PUT',
          url: '/api/me/call-attendance',
          payload: { coming: false },
        })
      ).statusCode,
    ).toBe(404);
  });
});
