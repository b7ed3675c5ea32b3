import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CHECK_IN_QUESTION,
  CheckInLink,
  CheckInStatus,
  PUSH_TEXTS,
  PushReminder,
  PushSettings,
  ReminderSettings,
} from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  memberships,
  outbox,
  pushSubscriptions,
  reminderSettings,
  reminders,
} from '../src/db/schema.ts';
import { hashPassword } from '../src/password.ts';
import { recordCheckIn } from '../src/services/check-ins.ts';
import { PUSH_ATTEMPTS } from '../src/services/push.ts';
import { runReminders } from '../src/services/reminders.ts';
import { browser, ORIGIN, testClock, useTestFrontDoor } from './door.ts';
import { API_KEY, newUser, secondTracker } from './helpers.ts';
import { loopbackPushService, type TestDevice } from './push-service.ts';

/** The tracker's clock, moved by the tests: nothing here waits on the real time. */
const clock = testClock('2026-10-22T12:00:00Z');
const { at, now } = clock;

/** A push service on the loopback for the push reminders below (test/push-service.ts). */
const pushService = await loopbackPushService();
afterAll(() => pushService.close());
/** The same VAPID keys for every tracker on the database, as a deployment sets them. */
const vapid = webpush.generateVAPIDKeys();
const vapidEnv = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };

const front = useTestFrontDoor({
  now,
  env: vapidEnv,
  pushServiceOrigins: [pushService.origin],
  capacities: { 2: 60 },
});

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
    expect(eml).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3001\/unsubscribe\?token=/m);
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
      const second = await secondTracker(front.tracker.db, {
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

/** A new Active member of team 2 in Denver, signed in in a browser of their own. */
async function pushMember() {
  const user = newUser({ teamId: 2 });
  const made = await front.tracker.call({ method: 'POST', url: '/users', payload: user });
  expect(made.statusCode).toBe(201);
  const id = Number(made.json().user.id);
  await front.tracker.app.database.db
    .update(memberships)
    .set({ status: 'Active' })
    .where(eq(memberships.userId, id));
  const b = browser(front.door);
  expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  return { ...user, id, browser: b };
}

type PushMember = Awaited<ReturnType<typeof pushMember>>;

const subscribe = (m: PushMember, device: TestDevice) =>
  m.browser.send({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    payload: device.subscription,
  });

const devicesOf = (userId: number) =>
  front.tracker.app.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));

/** 18:00 on `day` in Denver (UTC-7 in these days), when the members' reminders fall due. */
const denverSixPm = (day: string) => Date.parse(`${day}T18:00:00-07:00`);

/** Runs the reminder schedule at 18:00 in Denver on `day`, then sends what it queued. */
async function remindAt(day: string) {
  at(denverSixPm(day));
  await runReminders(front.tracker.app);
  await front.tracker.app.mailer.flush();
}

describe('push reminders', () => {
  it('are refused signed out, and keep nothing from a subscription the tracker must not post to', async () => {
    const device = pushService.device().subscription;
    for (const [method, url, payload] of [
      ['GET', '/api/me/push', undefined],
      ['PUT', '/api/me/reminder-channel', { channel: 'push' }],
      ['POST', '/api/me/push-subscriptions', device],
      ['DELETE', '/api/me/push-subscriptions', { endpoint: device.endpoint }],
    ] as const) {
      const out = await browser(front.door).send({ method, url, payload });
      expect(out.statusCode, url).toBe(401);
      expect(out.json().code).toBe('SIGN_IN_REQUIRED');
    }
    const m = await pushMember();
    const good = pushService.device().subscription;
    const keys = good.keys;
    for (const payload of [
      {},
      { endpoint: good.endpoint },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh.slice(1), auth: keys.auth } },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh, auth: `${keys.auth}AA` } },
      // The right length, but not a point of the curve.
      { endpoint: good.endpoint, keys: { p256dh: `BA${'A'.repeat(85)}`, auth: keys.auth } },
      { endpoint: 'not a url', keys },
      // Plain http, addresses, other ports, user names, hosts that are not push services.
      { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys },
      { endpoint: 'https://169.254.169.254/latest/meta-data', keys },
      { endpoint: 'https://[::1]/push', keys },
      { endpoint: 'https://127.0.0.1/push', keys },
      { endpoint: 'https://localhost/push', keys },
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', keys },
      { endpoint: 'https://user@fcm.googleapis.com/fcm/send/x', keys },
      { endpoint: 'https://fcm.googleapis.com.evil.example/x', keys },
      { endpoint: 'https://internal.corp/x', keys },
      { endpoint: `${pushService.origin.replace('127.0.0.1', 'localhost')}/push/x`, keys },
    ]) {
      const bad = await m.browser.send({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await devicesOf(m.id)).toHaveLength(0);
    const settings = PushSettings.parse(
      (await m.browser.send({ method: 'GET', url: '/api/me/push' })).json(),
    );
    expect(settings).toEqual({ publicKey: vapid.publicKey, channel: 'email', devices: 0 });
    const badChannel = await m.browser.send({
      method: 'PUT',
      url: '/api/me/reminder-channel',
      payload: { channel: 'sms' },
    });
    expect(badChannel.statusCode).toBe(400);

    // A real push service's endpoint is taken, and one tap takes it away again.
    const fcm = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys };
    const made = await m.browser.send({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: fcm,
    });
    expect(made.statusCode).toBe(201);
    expect(PushSettings.parse(made.json())).toMatchObject({ channel: 'both', devices: 1 });
    const gone = await m.browser.send({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: fcm.endpoint },
    });
    expect(PushSettings.parse(gone.json()).devices).toBe(0);
    expect(await devicesOf(m.id)).toHaveLength(0);
  });

  it('go to each device once a day as the member chose, drop a device that is gone (410), and give up on one that keeps failing', async () => {
    at('2026-11-30T15:00:00Z');
    const m = await pushMember();
    const phone = pushService.device();
    const laptop = pushService.device();
    const broken = pushService.device();
    for (const device of [phone, laptop, broken]) {
      expect((await subscribe(m, device)).statusCode).toBe(201);
    }
    // Someone else cannot unsubscribe this member's device.
    const other = await pushMember();
    await other.browser.send({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(await devicesOf(m.id)).toHaveLength(3);
    const chosen = await m.browser.send({
      method: 'PUT',
      url: '/api/me/reminder-channel',
      payload: { channel: 'push' },
    });
    expect(PushSettings.parse(chosen.json())).toMatchObject({ channel: 'push', devices: 3 });
    pushService.answer(laptop, 410);
    pushService.answer(broken, 503);

    await runReminders(front.tracker.app);
    await remindAt('2026-12-01');
    // A retried pass (the row due again, as after a crash before its next time was set).
    await front.tracker.app.database.db
      .update(reminderSettings)
      .set({ nextAt: new Date(clock.ms - 1000) })
      .where(eq(reminderSettings.userId, m.id));
    await runReminders(front.tracker.app);
    await front.tracker.app.mailer.flush();

    const [push, ...more] = pushService.to(phone);
    expect(more).toHaveLength(0);
    expect(push?.vapidKey).toBe(vapid.publicKey);
    expect(PushReminder.parse(push?.payload)).toEqual({
      title: CHECK_IN_QUESTION,
      body: PUSH_TEXTS.body('Tuesday, December 1'),
      url: '/',
      tag: 'check-in-2026-12-01',
    });
    // Kept by the push service until the day is over in Denver (midnight, 07:00 UTC).
    expect(push?.ttl).toBe(6 * 3600);
    // Push only: no email.
    expect(await remindersTo(m.email)).toHaveLength(0);
    // The push service said the laptop is gone: it is dropped.
    expect(pushService.to(laptop)).toHaveLength(1);
    expect((await devicesOf(m.id)).map((d) => d.endpoint).sort()).toEqual(
      [phone.subscription.endpoint, broken.subscription.endpoint].sort(),
    );
    // The failing one is tried again with the outbox's back-off, PUSH_ATTEMPTS times in all.
    for (let minute = 1; minute <= PUSH_ATTEMPTS + 1; minute++) {
      at(denverSixPm('2026-12-01') + minute * 60_000);
      await front.tracker.app.mailer.flush();
    }
    expect(pushService.to(broken)).toHaveLength(PUSH_ATTEMPTS);
    expect(pushService.to(phone)).toHaveLength(1);

    // Email and push: both; with no device left, email alone. (A new session at the clock's time.)
    expect((await m.browser.signIn(m.email, m.password)).statusCode).toBe(200);
    await m.browser.send({
      method: 'PUT',
      url: '/api/me/reminder-channel',
      payload: { channel: 'both' },
    });
    await remindAt('2026-12-02');
    expect(pushService.to(phone)).toHaveLength(2);
    expect(await remindersTo(m.email)).toHaveLength(1);
    expect((await m.browser.signIn(m.email, m.password)).statusCode).toBe(200);
    await m.browser.send({
      method: 'PUT',
      url: '/api/me/reminder-channel',
      payload: { channel: 'push' },
    });
    for (const device of [phone, broken]) {
      await m.browser.send({
        method: 'DELETE',
        url: '/api/me/push-subscriptions',
        payload: { endpoint: device.subscription.endpoint },
      });
    }
    await remindAt('2026-12-03');
    expect(pushService.to(phone)).toHaveLength(2);
    expect(await remindersTo(m.email)).toHaveLength(2);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'go once per member and day when two trackers on one PostgreSQL run the schedule and send at the same time',
    async () => {
      at('2026-12-07T15:00:00Z');
      const second = await secondTracker(front.tracker.db, {
        apiKey: API_KEY,
        env: vapidEnv,
        reminderCheckSeconds: 0,
        pushServiceOrigins: [pushService.origin],
        now,
      });
      try {
        const devices: TestDevice[] = [];
        const ids: number[] = [];
        for (let i = 0; i < 6; i++) {
          const m = await pushMember();
          ids.push(m.id);
          const device = pushService.device();
          devices.push(device);
          expect((await subscribe(m, device)).statusCode).toBe(201);
        }
        const trackers = [front.tracker.app, second];
        await Promise.all(trackers.map((t) => runReminders(t)));
        at(denverSixPm('2026-12-07'));
        await Promise.all([...trackers, ...trackers].map((t) => runReminders(t)));
        // Both again with every row due anew, as after a crash before the next times were set:
        // the day's one reminder row holds.
        await front.tracker.app.database.db
          .update(reminderSettings)
          .set({ nextAt: new Date(clock.ms - 1000) })
          .where(inArray(reminderSettings.userId, ids));
        await Promise.all([...trackers, ...trackers].map((t) => runReminders(t)));
        await Promise.all([...trackers, ...trackers].map((t) => t.mailer.flush()));
        for (const device of devices) expect(pushService.to(device)).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});
