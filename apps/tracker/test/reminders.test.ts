import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHECK_IN_QUESTION, CheckInLink, CheckInStatus, ReminderSettings } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, outbox, reminderSettings, reminders } from '../src/db/schema.ts';
import { hashPassword } from '../src/password.ts';
import { recordCheckIn } from '../src/services/check-ins.ts';
import { runReminders } from '../src/services/reminders.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { browser, ORIGIN, testClock, useTestFrontDoor } from './door.ts';
import { API_KEY, newUser } from './helpers.ts';

/** The tracker's clock, moved by the tests: nothing here waits on the real time. */
const clock = testClock('2026-10-22T12:00:00Z');
const { at, now } = clock;

const front = useTestFrontDoor({ now });

let made = 0;
/** An Active member of team 2 in `timeZone`, made straight in the database. */
async function member(name: string, timeZone: string) {
  made += 1;
  const user = await front.tracker.app.repos.users.insert({
    email: `reminded-${made}-${process.pid}@example.org`,
    passwordHash: 'not used',
    name,
    goalSummary: 'Write every day',
    timeZone,
  });
  await front.tracker.app.database.db
    .insert(memberships)
    .values({ teamId: 2, userId: user.id, status: 'Active' });
  return user;
}

/** The reminder mails queued so far for these addresses. */
async function remindersTo(...addresses: string[]) {
  const rows = await front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'reminder'), inArray(outbox.toAddress, addresses)));
  return rows;
}

const linkIn = (text: string, label: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${label}: `));
  if (!line) throw new Error(`no "${label}" link in ${text}`);
  return new URL(line.slice(label.length + 2));
};

/** Monday to Friday from Thursday 22 October to Tuesday 3 November 2026, as YYYY-MM-DD. */
const WEEKDAYS = [
  '2026-10-22',
  '2026-10-23',
  '2026-10-26',
  '2026-10-27',
  '2026-10-28',
  '2026-10-29',
  '2026-10-30',
  '2026-11-02',
  '2026-11-03',
];

/**
 * 18:00 on the member's clock as a UTC instant, from the offsets written out by hand: Berlin
 * leaves summer time on Sunday 25 October (UTC+2, then UTC+1), Denver on Sunday 1 November
 * (UTC-6, then UTC-7).
 */
function sixPm(zone: 'Europe/Berlin' | 'America/Denver', day: string): number {
  const offset =
    zone === 'Europe/Berlin' ? (day < '2026-10-25' ? 2 : 1) : day < '2026-11-01' ? -6 : -7;
  return Date.parse(`${day}T18:00:00Z`) - offset * 3_600_000;
}

describe('check-in reminders', () => {
  it('reach Denver and Berlin at their own 18:00 on both sides of a DST change, never on a day checked in, never after unsubscribing', async () => {
    const denver = await member('Dee Denver', 'America/Denver');
    const berlin = await member('Bert Berlin', 'Europe/Berlin');
    await runReminders(front.tracker.app);

    type Step = {
      at: number;
      who: typeof denver;
      day: string;
      zone: 'Europe/Berlin' | 'America/Denver';
    };
    const steps: Step[] = [];
    for (const day of WEEKDAYS) {
      steps.push({ at: sixPm('America/Denver', day), who: denver, day, zone: 'America/Denver' });
      steps.push({ at: sixPm('Europe/Berlin', day), who: berlin, day, zone: 'Europe/Berlin' });
    }
    steps.sort((a, b) => a.at - b.at);

    let unsubscribed = false;
    const expected = new Map<number, string[]>([
      [denver.id, []],
      [berlin.id, []],
    ]);
    for (const step of steps) {
      // Berlin checks in on the morning of Wednesday 28 October: no reminder that evening.
      const checkedIn = step.who === berlin && step.day === '2026-10-28';
      if (checkedIn) {
        at(Date.parse('2026-10-28T08:00:00Z'));
        await recordCheckIn(front.tracker.app, berlin.id, { day: '2026-10-28', answer: 'yes' });
      }
      // Denver presses Unsubscribe in their mail client after Monday 2 November's reminder.
      if (step.who === denver && step.day === '2026-11-03') {
        const [latest] = (await remindersTo(denver.email)).slice(-1);
        const header = latest?.headers?.['List-Unsubscribe'] ?? '';
        expect(latest?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        const url = new URL(header.replace(/^<|>$/g, ''));
        // As RFC 8058 has a mail client send it: a form post, no Origin, no cookie.
        const res = await front.door.inject({
          method: 'POST',
          url: url.pathname + url.search,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(res.statusCode).toBe(200);
        unsubscribed = true;
      }
      const before = (await remindersTo(step.who.email)).length;
      at(step.at - 60_000);
      await runReminders(front.tracker.app);
      expect((await remindersTo(step.who.email)).length, `${step.zone} ${step.day} 17:59`).toBe(
        before,
      );
      at(step.at);
      await runReminders(front.tracker.app);
      await runReminders(front.tracker.app);
      const list = expected.get(step.who.id) ?? [];
      if (!checkedIn && !(unsubscribed && step.who === denver)) list.push(step.day);
      const sent = await remindersTo(step.who.email);
      expect(sent.length, `${step.zone} ${step.day} 18:00`).toBe(list.length);
    }
    // Weekends passed without a reminder; each one names its own day.
    for (const who of [denver, berlin]) {
      const days = (
        await front.tracker.app.database.db
          .select()
          .from(reminders)
          .where(eq(reminders.userId, who.id))
      ).map((r) => r.localDate);
      expect(days.sort()).toEqual(expected.get(who.id));
    }
    expect(expected.get(denver.id)).toHaveLength(8);
    expect(expected.get(berlin.id)).toHaveLength(8);
    const [settings] = await front.tracker.app.database.db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, denver.id));
    expect(settings?.enabled).toBe(false);
  });

  it('drops a day’s reminder that no tracker sent before that day was over, and sends the next day’s', async () => {
    at('2026-11-04T12:00:00Z');
    const dee = await member('Dee Late', 'America/Denver');
    await runReminders(front.tracker.app);
    // Every tracker was down from before 18:00 on Wednesday until Thursday 10:00 in Denver.
    at('2026-11-05T17:00:00Z');
    await runReminders(front.tracker.app);
    expect(await remindersTo(dee.email)).toHaveLength(0);
    const [settings] = await front.tracker.app.database.db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, dee.id));
    expect(settings?.nextAt?.getTime()).toBe(sixPm('America/Denver', '2026-11-05'));
    at(sixPm('America/Denver', '2026-11-05'));
    await runReminders(front.tracker.app);
    const sent = await remindersTo(dee.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.bodyText).toContain('(Thursday, November 5)');
  });

  it('mails the question with one-click answers and the unsubscribe headers, and a retried run sends nothing more', async () => {
    at('2026-11-04T12:00:00Z');
    const cy = await member('Cy Once', 'America/Denver');
    await runReminders(front.tracker.app);
    at(sixPm('America/Denver', '2026-11-04'));
    expect(await runReminders(front.tracker.app)).toBeGreaterThanOrEqual(1);
    // A retry of the same run (its row due again, as after a crash before the next time was set).
    await front.tracker.app.database.db
      .update(reminderSettings)
      .set({ nextAt: new Date(clock.ms - 1000) })
      .where(eq(reminderSettings.userId, cy.id));
    await runReminders(front.tracker.app);
    const [mail, ...more] = await remindersTo(cy.email);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error('no reminder');
    expect(mail.subject).toBe(CHECK_IN_QUESTION);
    expect(mail.bodyText).toContain('Your goal: "Write every day"');

    // The .eml as sent carries the headers.
    await front.tracker.app.mailer.flush();
    const dir = path.join(front.tracker.db.dataDir, 'outbox');
    const file = (await readdir(dir)).find((f) => f.startsWith(String(mail.id).padStart(6, '0')));
    const eml = await readFile(path.join(dir, file ?? 'missing'), 'utf8');
    expect(eml).toMatch(
      /^List-Unsubscribe:\s+<http:\/\/localhost:3001\/api\/email-links\/unsubscribe\?token=/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Opening the Yes link changes nothing (a mail scanner may open it).
    const yes = linkIn(mail.bodyText, 'Yes');
    const no = linkIn(mail.bodyText, 'Not today');
    expect(yes.pathname).toBe('/check-in');
    const token = yes.searchParams.get('token') ?? '';
    for (let i = 0; i < 2; i++) {
      const read = await front.door.inject({
        method: 'GET',
        url: `/api/email-links/check-in?token=${encodeURIComponent(token)}`,
      });
      expect(CheckInLink.parse(read.json())).toEqual({
        answer: 'yes',
        date: '2026-11-04',
        state: 'ready',
      });
    }
    await front.tracker.app.repos.users.setPasswordHash(
      cy.id,
      await hashPassword('cy password 123'),
    );
    const status = async () => {
      const b = browser(front.door);
      await b.signIn(cy.email, 'cy password 123');
      return CheckInStatus.parse(
        (await b.send({ method: 'GET', url: '/api/me/check-ins' })).json(),
      );
    };
    expect((await status()).days[0]?.checkIn).toBeNull();

    // The button's post must come from the front door's own page.
    const foreign = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/check-in',
      headers: { origin: 'https://evil.example' },
      payload: { token },
    });
    expect(foreign.statusCode).toBe(403);
    const pressed = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/check-in',
      headers: { origin: ORIGIN },
      payload: { token },
    });
    expect(pressed.statusCode).toBe(200);
    expect((await status()).days[0]?.checkIn?.answer).toBe('yes');
    const again = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/check-in',
      headers: { origin: ORIGIN },
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TOKEN_USED');
    const bogus = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/check-in',
      headers: { origin: ORIGIN },
      payload: { token: 'x'.repeat(43) },
    });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json().code).toBe('TOKEN_NOT_FOUND');

    // The Not today link works past the day only until noon the next day.
    at(Date.parse('2026-11-05T19:00:00Z'));
    const late = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/check-in',
      headers: { origin: ORIGIN },
      payload: { token: no.searchParams.get('token') },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
  });

  it('keeps the settings of each member: time, weekdays, on or off', async () => {
    at('2026-11-09T15:00:00Z');
    const user = newUser({ teamId: 2 });
    expect(
      (await front.tracker.call({ method: 'POST', url: '/users', payload: user })).statusCode,
    ).toBe(201);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    const got = await b.send({ method: 'GET', url: '/api/me/reminders' });
    expect(ReminderSettings.parse(got.json())).toEqual({
      enabled: true,
      time: '18:00',
      weekdays: [1, 2, 3, 4, 5],
      timeZone: 'America/Denver',
    });
    const set = await b.send({
      method: 'PUT',
      url: '/api/me/reminders',
      payload: { enabled: true, time: '07:15', weekdays: [6, 0] },
    });
    expect(set.statusCode).toBe(200);
    expect(ReminderSettings.parse(set.json())).toMatchObject({ time: '07:15', weekdays: [0, 6] });
    for (const payload of [
      { enabled: true, time: '25:00', weekdays: [1] },
      { enabled: true, time: '07:00', weekdays: [] },
      { enabled: true, time: '07:00', weekdays: [7] },
      { enabled: 'yes', time: '07:00', weekdays: [1] },
    ]) {
      const bad = await b.send({ method: 'PUT', url: '/api/me/reminders', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      ReminderSettings.parse((await b.send({ method: 'GET', url: '/api/me/reminders' })).json())
        .time,
    ).toBe('07:15');
    const off = await b.send({
      method: 'PUT',
      url: '/api/me/reminders',
      payload: { enabled: false, time: '07:15', weekdays: [] },
    });
    expect(ReminderSettings.parse(off.json()).enabled).toBe(false);
    expect(
      (await browser(front.door).send({ method: 'GET', url: '/api/me/reminders' })).statusCode,
    ).toBe(401);
    const unsub = await front.door.inject({
      method: 'POST',
      url: '/api/email-links/unsubscribe?token=nothing',
    });
    expect(unsub.statusCode).toBe(404);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are mailed once when two trackers on one PostgreSQL run the schedule at the same time',
    async () => {
      at('2026-11-10T12:00:00Z');
      const second = await buildTracker({
        dataDir: (await createTestDatabase({})).dataDir,
        databaseUrl: front.tracker.db.databaseUrl,
        apiKey: API_KEY,
        env: {},
        reminderCheckSeconds: 0,
        now,
      });
      try {
        const many = [];
        for (let i = 0; i < 30; i++)
          many.push(await member(`Twin ${i}`, i % 2 ? 'Europe/Berlin' : 'America/Denver'));
        await Promise.all([runReminders(front.tracker.app), runReminders(second)]);
        for (const instant of [
          sixPm('Europe/Berlin', '2026-11-10'),
          sixPm('America/Denver', '2026-11-10'),
        ]) {
          at(instant);
          const counts = await Promise.all([
            runReminders(front.tracker.app),
            runReminders(second),
            runReminders(front.tracker.app),
            runReminders(second),
          ]);
          expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(15);
        }
        const sent = await remindersTo(...many.map((m) => m.email));
        expect(sent).toHaveLength(30);
        expect(new Set(sent.map((m) => m.toAddress)).size).toBe(30);
      } finally {
        await second.close();
      }
    },
  );
});
