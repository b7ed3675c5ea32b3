import { CHECK_IN_QUESTION, PUSH_TEXTS, PushReminder, PushSettings } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { memberships, outbox, pushSubscriptions, reminderSettings } from '../src/db/schema.ts';
import { PUSH_ATTEMPTS } from '../src/services/push.ts';
import { runReminders } from '../src/services/reminders.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { browser, testClock, useTestFrontDoor } from './door.ts';
import { API_KEY, newUser } from './helpers.ts';
import { loopbackPushService, type TestDevice } from './push-service.ts';

const clock = testClock('2026-11-10T15:00:00Z');
const { at } = clock;
const pushService = await loopbackPushService();
afterAll(() => pushService.close());
/** The same VAPID keys for every tracker on the database, as a deployment sets them. */
const vapid = webpush.generateVAPIDKeys();
const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
const front = useTestFrontDoor({
  now: clock.now,
  env,
  pushServiceOrigins: [pushService.origin],
  capacities: { 2: 60 },
});

/** A new Active member of team 2 in Denver, signed in in a browser of their own. */
async function member() {
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

type Member = Awaited<ReturnType<typeof member>>;

const subscribe = (m: Member, device: TestDevice) =>
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

const mailsTo = (...addresses: string[]) =>
  front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'reminder'), inArray(outbox.toAddress, addresses)));

/** 18:00 on `day` in Denver (UTC-7 in these days), when the members' reminders fall due. */
const sixPm = (day: string) => Date.parse(`${day}T18:00:00-07:00`);

/** Runs the reminder schedule at 18:00 in Denver on `day`, then sends what it queued. */
async function remindAt(day: string) {
  at(sixPm(day));
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
    const m = await member();
    const good = pushService.device().subscription;
    const keys = good.keys;
    for (const payload of [
      {},
      { endpoint: good.endpoint },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh } },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh.slice(1), auth: keys.auth } },
      { endpoint: good.endpoint, keys: { p256dh: keys.p256dh, auth: `${keys.auth}AA` } },
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
    at('2026-11-10T15:00:00Z');
    const m = await member();
    const phone = pushService.device();
    const laptop = pushService.device();
    const broken = pushService.device();
    for (const device of [phone, laptop, broken]) {
      expect((await subscribe(m, device)).statusCode).toBe(201);
    }
    // Someone else cannot unsubscribe this member's device.
    const other = await member();
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
    await remindAt('2026-11-10');
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
      body: PUSH_TEXTS.body('Tuesday, November 10'),
      url: '/',
      tag: 'check-in-2026-11-10',
    });
    // Kept by the push service until the day is over in Denver (midnight, 07:00 UTC).
    expect(push?.ttl).toBe(6 * 3600);
    // Push only: no email.
    expect(await mailsTo(m.email)).toHaveLength(0);
    // The push service said the laptop is gone: it is dropped.
    expect(pushService.to(laptop)).toHaveLength(1);
    expect((await devicesOf(m.id)).map((d) => d.endpoint).sort()).toEqual(
      [phone.subscription.endpoint, broken.subscription.endpoint].sort(),
    );
    // The failing one is tried again with the outbox's back-off, PUSH_ATTEMPTS times in all.
    for (let minute = 1; minute <= PUSH_ATTEMPTS + 1; minute++) {
      at(sixPm('2026-11-10') + minute * 60_000);
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
    await remindAt('2026-11-11');
    expect(pushService.to(phone)).toHaveLength(2);
    expect(await mailsTo(m.email)).toHaveLength(1);
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
    await remindAt('2026-11-12');
    expect(pushService.to(phone)).toHaveLength(2);
    expect(await mailsTo(m.email)).toHaveLength(2);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'go once per member and day when two trackers on one PostgreSQL run the schedule and send at the same time',
    async () => {
      at('2026-11-16T15:00:00Z');
      const second = await buildTracker({
        dataDir: (await createTestDatabase({})).dataDir,
        databaseUrl: front.tracker.db.databaseUrl,
        apiKey: API_KEY,
        env,
        reminderCheckSeconds: 0,
        pushServiceOrigins: [pushService.origin],
        now: clock.now,
      });
      try {
        const devices: TestDevice[] = [];
        const ids: number[] = [];
        for (let i = 0; i < 6; i++) {
          const m = await member();
          ids.push(m.id);
          const device = pushService.device();
          devices.push(device);
          expect((await subscribe(m, device)).statusCode).toBe(201);
        }
        const trackers = [front.tracker.app, second];
        await Promise.all(trackers.map((t) => runReminders(t)));
        at(sixPm('2026-11-16'));
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
