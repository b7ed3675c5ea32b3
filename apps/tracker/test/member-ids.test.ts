import { HeldTeam } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { guardedRoutesOf } from '../src/front-door/member-guard.ts';
import { softAuthenticator } from './authenticator.ts';
import { type Browser, browser, ORIGIN, testClock, useTestFrontDoor } from './door.ts';
import { declinedApplicant, teamMember } from './helpers.ts';

/** 11:00 on Monday 2 November 2026 in Denver, the default zone. */
const clock = testClock('2026-11-02T18:00:00Z');
const DAY = '2026-11-02';
/** Ann's team, and Ben's. */
const ANNS_TEAM = 2;
const BENS_TEAM = 3;
/** Deep Work Crew, which declines Ann's second account so that she may look for a seat. */
const DEEP_WORK = 1;

const front = useTestFrontDoor({
  now: clock.now,
  capacities: { [DEEP_WORK]: 30, [ANNS_TEAM]: 30, [BENS_TEAM]: 30 },
});

/**
 * A parameter by which a member route names something: `id` or `…Id`, in the path, the query or
 * the body. Every member route that takes one is tried below with another member's.
 */
const ID_PARAMETER = /^id$|Id$/;

interface RouteWithIds {
  route: string;
  ids: string[];
}

/**
 * The front door's member routes that take an id, from the route table the member guard keeps as
 * Fastify registers each route behind it, so a route added later is in it without anyone naming
 * it here. The console's routes have their own sweep (console.test.ts).
 */
function memberRoutesWithIds(): RouteWithIds[] {
  return guardedRoutesOf(front.door)
    .filter((route) => !route.url.startsWith('/api/console/'))
    .map((route) => ({
      route: `${route.method} ${route.url}`,
      ids: route.parameters.filter((name) => ID_PARAMETER.test(name)),
    }))
    .filter((route) => route.ids.length > 0);
}

interface Member {
  id: number;
  email: string;
  b: Browser;
}

async function signedIn(user: { id: number; email: string; password: string }): Promise<Member> {
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { id: user.id, email: user.email, b };
}

/**
 * Ann, with a check-in her teammate cheered; Ada, looking for a seat, with one held for her and
 * one the site handed over; Ben, on another team, and Dan, looking for a seat too, who try them.
 */
async function annAndBen() {
  const ann = await signedIn(await teamMember(front.tracker, ANNS_TEAM, 'Ann Owner'));
  // A passkey of Ann's, to rename and remove.
  const options = await ann.b.send({ method: 'POST', url: '/api/me/passkeys/options' });
  const added = await ann.b.send({
    method: 'POST',
    url: '/api/me/passkeys',
    payload: { credential: softAuthenticator(ORIGIN).create(options.json().options) },
  });
  expect(added.statusCode).toBe(201);
  const passkey: number = added.json().id;
  const checkedIn = await ann.b.send({
    method: 'PUT',
    url: '/api/me/check-ins',
    payload: { day: DAY, answer: 'yes', note: 'Ran 5 km' },
  });
  expect(checkedIn.statusCode).toBe(200);
  // Ann's teammate cheered her check-in, so a cheer of hers is there to be taken back.
  const mate = await signedIn(await teamMember(front.tracker, ANNS_TEAM, 'Mia Mate'));
  const cheered = await mate.b.send({
    method: 'PUT',
    url: `/api/teams/${ANNS_TEAM}/members/${ann.id}/check-ins/${DAY}/cheer`,
  });
  expect(cheered.statusCode).toBe(200);

  // A declined applicant looking for a seat: one held by the tracker for her, and one the site
  // handed over to her address with its token.
  const ada = await signedIn(await declinedApplicant(front.tracker, 'Ada Again'));
  const found = await ada.b.send({
    method: 'POST',
    url: '/api/me/team-search',
    payload: { category: 'work', role: 'Employee' },
  });
  expect(found.statusCode).toBe(201);
  const heldSeat = HeldTeam.parse(found.json()).hold.id;
  const owner = { 'x-hold-owner': 'site-session-key-of-ada-0001' };
  const made = await front.tracker.call({
    method: 'POST',
    url: '/holds',
    headers: owner,
    payload: { teamId: ANNS_TEAM },
  });
  expect(made.statusCode).toBe(201);
  const handedOver: string = made.json().hold.id;
  const handOver = await front.tracker.call({
    method: 'POST',
    url: `/holds/${handedOver}/hand-over`,
    headers: owner,
    payload: { email: ada.email },
  });
  expect(handOver.statusCode).toBe(201);
  const token: string = handOver.json().token;

  const ben = await signedIn(await teamMember(front.tracker, BENS_TEAM, 'Ben Other'));
  const dan = await signedIn(await declinedApplicant(front.tracker, 'Dan Other'));
  return { ann, ada, ben, dan, heldSeat, handedOver, token, passkey };
}
type Owners = Awaited<ReturnType<typeof annAndBen>>;

interface Attempt {
  /** Who tries it: Ben, unless it is a seat's route (Dan, free to look for one as Ada is). */
  as?: Member;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

const checkInOf = (teamId: number, userId: number, what: 'cheer' | 'replies') =>
  `/api/teams/${teamId}/members/${userId}/check-ins/${DAY}/${what}`;

/**
 * For each member route with an id, the requests of Ben (or Dan) with Ann's (or Ada's) ids: her
 * team's and her own, his own team's with hers, each seat of Ada's. Each is answered 404, as if
 * there were no such thing.
 */
const ATTEMPTS: Record<string, (o: Owners) => Attempt[]> = {
  'GET /api/teams/:teamId/board': () => [{ method: 'GET', url: `/api/teams/${ANNS_TEAM}/board` }],
  'POST /api/teams/:teamId/members/:userId/nudge': (o) => [
    { method: 'POST', url: `/api/teams/${ANNS_TEAM}/members/${o.ann.id}/nudge` },
    { method: 'POST', url: `/api/teams/${BENS_TEAM}/members/${o.ann.id}/nudge` },
  ],
  'PUT /api/teams/:teamId/members/:userId/check-ins/:day/cheer': (o) => [
    { method: 'PUT', url: checkInOf(ANNS_TEAM, o.ann.id, 'cheer') },
    { method: 'PUT', url: checkInOf(BENS_TEAM, o.ann.id, 'cheer') },
  ],
  'DELETE /api/teams/:teamId/members/:userId/check-ins/:day/cheer': (o) => [
    { method: 'DELETE', url: checkInOf(ANNS_TEAM, o.ann.id, 'cheer') },
    { method: 'DELETE', url: checkInOf(BENS_TEAM, o.ann.id, 'cheer') },
  ],
  'POST /api/teams/:teamId/members/:userId/check-ins/:day/replies': (o) => [
    { method: 'POST', url: checkInOf(ANNS_TEAM, o.ann.id, 'replies'), payload: { text: 'Hi' } },
    { method: 'POST', url: checkInOf(BENS_TEAM, o.ann.id, 'replies'), payload: { text: 'Hi' } },
  ],
  'PUT /api/me/passkeys/:id': (o) => [
    { method: 'PUT', url: `/api/me/passkeys/${o.passkey}`, payload: { name: 'Mine now' } },
  ],
  'DELETE /api/me/passkeys/:id': (o) => [
    { method: 'DELETE', url: `/api/me/passkeys/${o.passkey}` },
  ],
  'POST /api/me/held-seats/:id/extension': (o) => [
    { as: o.dan, method: 'POST', url: `/api/me/held-seats/${o.heldSeat}/extension` },
    { as: o.dan, method: 'POST', url: `/api/me/held-seats/${o.handedOver}/extension` },
  ],
  'DELETE /api/me/held-seats/:id': (o) => [
    { as: o.dan, method: 'DELETE', url: `/api/me/held-seats/${o.heldSeat}` },
    { as: o.dan, method: 'DELETE', url: `/api/me/held-seats/${o.handedOver}` },
  ],
  'POST /api/me/join-requests': (o) => [
    { as: o.dan, method: 'POST', url: '/api/me/join-requests', payload: { holdId: o.heldSeat } },
    { as: o.dan, method: 'POST', url: '/api/me/join-requests', payload: { holdId: o.handedOver } },
  ],
  // Even with the token the site handed over, the seat is taken only by the address it names.
  'POST /api/me/team-search/hand-over': (o) => [
    {
      as: o.dan,
      method: 'POST',
      url: '/api/me/team-search/hand-over',
      payload: { holdId: o.handedOver, token: o.token },
    },
    {
      as: o.dan,
      method: 'POST',
      url: '/api/me/team-search/hand-over',
      payload: { holdId: o.heldSeat, token: o.token },
    },
  ],
};

/** Every row of the tables a member's ids lead to, to see that nothing changed. */
async function everything() {
  const { db } = front.tracker.app.database;
  const tables = {
    checkIns: schema.checkIns,
    cheers: schema.cheers,
    checkInReplies: schema.checkInReplies,
    nudges: schema.nudges,
    holds: schema.holds,
    joinRequests: schema.joinRequests,
    memberships: schema.memberships,
    pushSubscriptions: schema.pushSubscriptions,
    passkeys: schema.passkeys,
  };
  const rows: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) rows[name] = await db.select().from(table);
  // The mails queued (the outbox's sender stamps them as it sends, meanwhile).
  const { kind, toAddress, subject } = schema.outbox;
  rows.outbox = await db.select({ kind, toAddress, subject }).from(schema.outbox);
  // In one order, whatever order the database reads them in.
  return Object.fromEntries(
    Object.entries(rows).map(([name, list]) => [
      name,
      list.map((row) => JSON.stringify(row)).sort(),
    ]),
  );
}

describe("every member route that takes an id, given another member's", () => {
  it('is tried here: the routes come from the route table', () => {
    // The table holds every route behind the guard, those without an id too.
    expect(guardedRoutesOf(front.door).length).toBeGreaterThan(60);
    expect(guardedRoutesOf(front.door)).toContainEqual({
      method: 'PUT',
      url: '/api/me/check-ins',
      signedOut: false,
      parameters: ['day', 'answer', 'note', 'givenAt'],
    });
    const routes = memberRoutesWithIds();
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(routes.map((r) => r.route).sort()).toEqual(Object.keys(ATTEMPTS).sort());
  });

  it('answers 404 and changes nothing', async () => {
    const owners = await annAndBen();
    const before = await everything();
    const answers: string[] = [];
    for (const { route } of memberRoutesWithIds()) {
      const attempts = ATTEMPTS[route]?.(owners) ?? [];
      expect(attempts.length, route).toBeGreaterThan(0);
      for (const attempt of attempts) {
        const { as = owners.ben, ...request } = attempt;
        const out = await as.b.send(request);
        answers.push(`${attempt.method} ${attempt.url}: ${out.statusCode}`);
        expect([route, attempt.url, out.statusCode], out.body).toEqual([route, attempt.url, 404]);
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(17);
    expect(await everything()).toEqual(before);
    // Ann's own are still hers: her board and her seats answer her.
    expect(
      (await owners.ann.b.send({ method: 'GET', url: `/api/teams/${ANNS_TEAM}/board` })).statusCode,
    ).toBe(200);
    const extended = await owners.ada.b.send({
      method: 'POST',
      url: `/api/me/held-seats/${owners.heldSeat}/extension`,
    });
    expect(extended.statusCode).toBe(200);
  });

  it("leaves a device of another member's alone when asked to drop its endpoint", async () => {
    const { db } = front.tracker.app.database;
    const ann = await signedIn(await teamMember(front.tracker, ANNS_TEAM, 'Ann Device'));
    const ben = await signedIn(await teamMember(front.tracker, BENS_TEAM, 'Ben Device'));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/ann-device-0001';
    await front.tracker.app.repos.pushSubscriptions.save(
      ann.id,
      { endpoint, p256dh: 'p', auth: 'a' },
      5,
      clock.now(),
    );
    const before = await db.select().from(schema.pushSubscriptions);
    const out = await ben.b.send({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().devices).toEqual(0);
    expect(await db.select().from(schema.pushSubscriptions)).toEqual(before);
  });
});
