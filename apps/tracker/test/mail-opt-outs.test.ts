import { MAIL_KINDS, type MailKind, MailSettings, unsubscribedMessage } from '@app/contracts';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkIns,
  cheers,
  digestSettings,
  digests,
  memberships,
  nudges,
  outbox,
  quietSpells,
  recapSettings,
  recaps,
  reminderSettings,
  reminders,
  users,
} from '../src/db/schema.ts';
import { runDigests } from '../src/services/digests.ts';
import { runQuietMembers } from '../src/services/quiet-members.ts';
import { runRecaps } from '../src/services/recaps.ts';
import { runReminders } from '../src/services/reminders.ts';
import { browser, testClock, useTestFrontDoor } from './door.ts';
import { teamMember } from './helpers.ts';

/**
 * Every kind of mail stops with one POST to its List-Unsubscribe URL (RFC 8058: no cookie, no
 * Origin), stays stopped on the schedules' next runs while the other kinds still go, and comes
 * back when the member turns it on again in their settings. Wednesday 4 November, 15:00 in
 * Denver (UTC-7).
 */
const clock = testClock('2026-11-04T22:00:00Z');
const { now } = clock;
const TEAM = 2;
const front = useTestFrontDoor({ now, capacities: { [TEAM]: 40 } });
const DENVER = 'America/Denver';

/** Which outbox kinds each setting stops (nudges: a teammate's nudge and "we miss you"). */
const OUTBOX_KINDS: Record<MailKind, readonly string[]> = {
  reminders: ['reminder'],
  recaps: ['recap'],
  digest: ['digest'],
  nudges: ['nudge', 'quiet-member'],
};
const ALL_KINDS = Object.values(OUTBOX_KINDS).flat();

let mo: Awaited<ReturnType<typeof teamMember>>;
let tea: Awaited<ReturnType<typeof teamMember>>;
let oldCheckIn = 0;

/** A browser signed in as `who` at the clock's time. */
async function signedIn(who: { email: string; password: string }) {
  const b = browser(front.door);
  expect((await b.signIn(who.email, who.password)).statusCode).toBe(200);
  return b;
}

const settingsOf = async () =>
  MailSettings.parse(
    (await (await signedIn(mo)).send({ method: 'GET', url: '/api/me/mails' })).json(),
  );

/**
 * One run of every schedule for Mo with each mail due at once: the rows that make a mail once
 * (per day, week, spell or pair) cleared, the schedules' next times set to a minute ago, a new
 * cheer on Mo's old check-in, and Tea's nudge. What was mailed to Mo, by outbox kind, and how
 * Tea's nudge was answered.
 */
async function round() {
  const { db } = front.tracker.app.database;
  const app = front.tracker.app;
  clock.at(new Date(clock.ms + 60_000).toISOString());
  const since = (await db.select({ id: outbox.id }).from(outbox)).reduce(
    (max, r) => Math.max(max, r.id),
    0,
  );
  await db.delete(reminders).where(eq(reminders.userId, mo.id));
  await db.delete(recaps).where(eq(recaps.userId, mo.id));
  await db.delete(digests).where(eq(digests.userId, mo.id));
  await db.delete(quietSpells).where(eq(quietSpells.userId, mo.id));
  await db.delete(nudges).where(eq(nudges.toUserId, mo.id));
  await db.delete(cheers).where(eq(cheers.checkInId, oldCheckIn));
  await db
    .insert(cheers)
    .values({ checkInId: oldCheckIn, userId: tea.id, createdAt: new Date(clock.ms - 30_000) });
  // Each schedule's rows exist after a first pass; then Mo's are due a minute ago.
  await runReminders(app);
  await runRecaps(app);
  await runDigests(app);
  const due = { nextAt: new Date(clock.ms - 60_000), timeZone: DENVER };
  await db.update(reminderSettings).set(due).where(eq(reminderSettings.userId, mo.id));
  await db.update(recapSettings).set(due).where(eq(recapSettings.userId, mo.id));
  await db.update(digestSettings).set(due).where(eq(digestSettings.userId, mo.id));
  await runReminders(app);
  await runRecaps(app);
  await runDigests(app);
  await runQuietMembers(app);
  const nudged = await (await signedIn(tea)).send({
    method: 'POST',
    url: `/api/teams/${TEAM}/members/${mo.id}/nudge`,
  });
  const mails = await db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.toAddress, mo.email), gt(outbox.id, since), inArray(outbox.kind, ALL_KINDS)),
    )
    .orderBy(outbox.id);
  return { mails, nudge: nudged };
}

const kindsOf = (mails: { kind: string }[]) => [...new Set(mails.map((m) => m.kind))].sort();
const expected = (off: MailKind | null) =>
  MAIL_KINDS.filter((k) => k !== off)
    .flatMap((k) => OUTBOX_KINDS[k])
    .sort();

/** The List-Unsubscribe URL of a mail, checked against its body's off-link and RFC 8058. */
function unsubscribeUrl(mail: { headers: Record<string, string> | null; bodyText: string }) {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const match = /^<(http:\/\/localhost:3001\/unsubscribe\?token=[A-Za-z0-9_-]{43})>$/.exec(header);
  expect(match, header).not.toBeNull();
  const url = match?.[1] ?? '';
  // The body's off-link is the same page; the address is nowhere in it.
  expect(mail.bodyText).toContain(url);
  expect(url).not.toContain(encodeURIComponent(mo.email));
  return new URL(url);
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('stopping each kind of mail from the mail and starting it again', () => {
  beforeAll(async () => {
    const { db } = front.tracker.app.database;
    mo = await teamMember(front.tracker, TEAM, 'Mo Mails');
    tea = await teamMember(front.tracker, TEAM, 'Tea Mate');
    await db
      .update(users)
      .set({ timeZone: DENVER })
      .where(inArray(users.id, [mo.id, tea.id]));
    // Mo joined three weeks ago and last answered two weeks ago: quiet since.
    await db
      .update(memberships)
      .set({ createdAt: new Date(clock.ms - 21 * 86_400_000) })
      .where(eq(memberships.userId, mo.id));
    const [row] = await db
      .insert(checkIns)
      .values({
        userId: mo.id,
        day: '2026-10-21',
        done: true,
        createdAt: new Date(clock.ms - 14 * 86_400_000),
        updatedAt: new Date(clock.ms - 14 * 86_400_000),
      })
      .returning();
    oldCheckIn = row?.id ?? 0;
    // The digest is off until turned on: Mo turns it on in the settings.
    expect(await settingsOf()).toEqual({
      reminders: true,
      recaps: true,
      digest: false,
      nudges: true,
    });
    const on = await (await signedIn(mo)).send({
      method: 'PUT',
      url: '/api/me/mails',
      payload: { kind: 'digest', enabled: true },
    });
    expect(on.json()).toEqual({ reminders: true, recaps: true, digest: true, nudges: true });
  });

  for (const kind of MAIL_KINDS) {
    it(`${kind}: one POST to the mail's List-Unsubscribe URL stops them, the other kinds still go, and the settings turn them on again`, async () => {
      const door = front.door;
      const first = await round();
      expect(first.nudge.statusCode).toBe(201);
      expect(kindsOf(first.mails)).toEqual(expected(null));
      for (const mail of first.mails) unsubscribeUrl(mail);
      const mail = first.mails.find((m) => m.kind === OUTBOX_KINDS[kind][0]);
      if (!mail) throw new Error(`no ${kind} mail`);
      const url = unsubscribeUrl(mail);
      const token = url.searchParams.get('token') ?? '';

      // Opening the page, or reading what the link stops, changes nothing.
      await door.inject({ method: 'GET', url: pathOf(url) });
      await door.inject({ method: 'HEAD', url: pathOf(url) });
      const read = await door.inject({
        method: 'GET',
        url: `/api/email-links/unsubscribe?token=${token}`,
      });
      expect([read.statusCode, read.json()]).toEqual([200, { kind }]);
      expect((await settingsOf())[kind]).toBe(true);

      // The mail client's one click: no cookie, no Origin, the RFC 8058 body.
      const click = () =>
        door.inject({
          method: 'POST',
          url: pathOf(url),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
      const stopped = await click();
      expect(stopped.statusCode).toBe(200);
      expect(stopped.headers['set-cookie']).toBeUndefined();
      expect(stopped.body).toBe(`${unsubscribedMessage(kind)}\n`);
      expect(await settingsOf()).toEqual({
        reminders: kind !== 'reminders',
        recaps: kind !== 'recaps',
        digest: kind !== 'digest',
        nudges: kind !== 'nudges',
      });
      // Not used up: a second press answers the same and changes nothing more.
      const again = await click();
      expect([again.statusCode, again.body]).toEqual([200, stopped.body]);

      const off = await round();
      expect(kindsOf(off.mails)).toEqual(expected(kind));
      if (kind === 'nudges') {
        expect([off.nudge.statusCode, off.nudge.json().code]).toEqual([409, 'NUDGES_OFF']);
      } else {
        expect(off.nudge.statusCode).toBe(201);
      }

      const on = await (await signedIn(mo)).send({
        method: 'PUT',
        url: '/api/me/mails',
        payload: { kind, enabled: true },
      });
      expect(on.json()).toEqual({ reminders: true, recaps: true, digest: true, nudges: true });
      const back = await round();
      expect(kindsOf(back.mails)).toEqual(expected(null));
    });
  }

  it('refuses a forged, foreign, expired or missing token with a clear 4xx and changes nothing', async () => {
    const door = front.door;
    const before = await settingsOf();
    const { mails } = await round();
    const mail = mails.find((m) => m.kind === 'recap');
    if (!mail) throw new Error('no recap');
    const token = unsubscribeUrl(mail).searchParams.get('token') ?? '';
    const post = (query: string, headers: Record<string, string> = {}) =>
      door.inject({ method: 'POST', url: `/unsubscribe${query}`, headers });
    const refused = async (query: string, status: number, code: string) => {
      const res = await post(query);
      expect([query, res.statusCode, res.json().code]).toEqual([query, status, code]);
      expect(res.json().message).not.toBe('');
    };
    // A token one character off, another made up, and a check-in link's token: none of them.
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await refused(`?token=${forged}`, 404, 'TOKEN_NOT_FOUND');
    await refused('?token=not-a-token', 404, 'TOKEN_NOT_FOUND');
    const reminder = mails.find((m) => m.kind === 'reminder')?.bodyText ?? '';
    const checkIn = /\/check-in\?token=([A-Za-z0-9_-]+)/.exec(reminder)?.[1] ?? '';
    expect(checkIn).not.toBe('');
    await refused(`?token=${checkIn}`, 404, 'TOKEN_NOT_FOUND');
    await refused('', 400, 'VALIDATION_ERROR');
    await refused('?token=', 400, 'VALIDATION_ERROR');
    const read = await door.inject({
      method: 'GET',
      url: `/api/email-links/unsubscribe?token=${forged}`,
    });
    expect([read.statusCode, read.json().code]).toEqual([404, 'TOKEN_NOT_FOUND']);
    // An old link: 90 days on, it has expired.
    clock.at(new Date(clock.ms + 91 * 86_400_000).toISOString());
    await refused(`?token=${token}`, 410, 'TOKEN_EXPIRED');
    expect(await settingsOf()).toEqual(before);
  });
});
