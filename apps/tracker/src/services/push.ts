import {
  CHECK_IN_QUESTION,
  PUSH_DEVICES_MAX,
  PUSH_TEXTS,
  type PushReminder,
  type PushSettings,
  type PushSubscriptionForm,
  type ReminderChannel,
} from '@app/contracts';
import { HttpError } from '@app/server-kit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.ts';
import { isDeviceKey } from '../push.ts';
import type { OutboxRow } from '../repositories/outbox.ts';
import type { TrackerContext } from './context.ts';

/** What the push routes and the push job use: the tracker's context and its push sender. */
export type PushContext = TrackerContext & Pick<FastifyInstance, 'push'>;

/** The outbox job that sends one device its reminder (toAddress: the subscription's id). */
export const PUSH_REMINDER_JOB = 'reminder-push' as const;

/**
 * Tries of one push before it is given up: a push service that keeps failing (5xx, 429, no
 * answer) is tried again with the outbox's back-off (from 2 s, doubling; the mailer looks every
 * MAIL_RETRY_SECONDS), never for ever.
 */
export const PUSH_ATTEMPTS = 5;

interface QueuedPush {
  reminder: PushReminder;
  /** When the day the reminder is for is over on the member's clock: not sent after it. */
  until: string;
}

async function settingsOf(ctx: PushContext, userId: number): Promise<PushSettings> {
  const { pushSubscriptions } = ctx.repos;
  return {
    publicKey: ctx.push.publicKey,
    channel: await pushSubscriptions.channelOf(userId),
    devices: await pushSubscriptions.countOf(userId),
  };
}

export const pushSettingsOf = settingsOf;

/**
 * Keeps a device's subscription for the member, when it names a push service the tracker sends
 * to and its key is a P-256 point (400 otherwise, nothing kept). A member whose reminder went by email only now gets both.
 */
export async function subscribePush(
  ctx: PushContext,
  userId: number,
  form: PushSubscriptionForm,
): Promise<PushSettings> {
  if (!ctx.push.allows(form.endpoint)) {
    throw new HttpError('VALIDATION_ERROR', PUSH_TEXTS.notPushService, [
      { path: 'endpoint', message: PUSH_TEXTS.notPushService },
    ]);
  }
  if (!isDeviceKey(form.keys.p256dh)) {
    throw new HttpError('VALIDATION_ERROR', PUSH_TEXTS.badSubscription, [
      { path: 'keys', message: PUSH_TEXTS.badSubscription },
    ]);
  }
  const { pushSubscriptions } = ctx.repos;
  await pushSubscriptions.save(
    userId,
    { endpoint: form.endpoint, p256dh: form.keys.p256dh, auth: form.keys.auth },
    PUSH_DEVICES_MAX,
    ctx.trackerConfig.now(),
  );
  if ((await pushSubscriptions.channelOf(userId)) === 'email') {
    await pushSubscriptions.setChannel(userId, 'both');
  }
  return settingsOf(ctx, userId);
}

/** Stops reminders to the member's device with this endpoint (nothing when it is not theirs). */
export async function unsubscribePush(
  ctx: PushContext,
  userId: number,
  endpoint: string,
): Promise<PushSettings> {
  await ctx.repos.pushSubscriptions.removeOwn(userId, endpoint);
  return settingsOf(ctx, userId);
}

export async function setReminderChannel(
  ctx: PushContext,
  userId: number,
  channel: ReminderChannel,
): Promise<PushSettings> {
  await ctx.repos.pushSubscriptions.setChannel(userId, channel);
  return settingsOf(ctx, userId);
}

/**
 * Queues the day's reminder to each of the member's devices, in `tx` (the transaction that wrote
 * the day's one reminder row, so it is queued once). Answers how many devices it went to.
 */
export async function queuePushReminders(
  ctx: TrackerContext,
  tx: Db,
  userId: number,
  reminder: PushReminder,
  until: Date,
): Promise<number> {
  const devices = await ctx.repos.pushSubscriptions.ofUser(userId, tx);
  for (const device of devices) {
    const job: QueuedPush = { reminder, until: until.toISOString() };
    await ctx.repos.outbox.enqueue(
      {
        kind: PUSH_REMINDER_JOB,
        to: String(device.id),
        subject: CHECK_IN_QUESTION,
        text: JSON.stringify(job),
      },
      tx,
    );
  }
  return devices.length;
}

/** A push service's answer that is worth another try later. */
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * The push job: sends one device its reminder. A device the push service says is gone (404,
 * 410) is dropped; a failure worth retrying throws (the outbox tries again) until PUSH_ATTEMPTS;
 * anything else is logged and given up. Logs name the subscription's id and the status only.
 */
export async function sendPushReminder(
  ctx: PushContext,
  row: OutboxRow,
  log: Pick<FastifyInstance['log'], 'info' | 'warn'>,
): Promise<void> {
  const id = Number(row.toAddress);
  const device = await ctx.repos.pushSubscriptions.get(id);
  // Unsubscribed since the reminder was queued.
  if (device === null) return;
  const { reminder, until } = JSON.parse(row.bodyText) as QueuedPush;
  const left = Date.parse(until) - ctx.trackerConfig.now().getTime();
  if (!(left > 0)) return;
  if (!ctx.push.allows(device.endpoint)) {
    // No longer a push service the tracker sends to (PUSH_SERVICE_HOSTS changed).
    await ctx.repos.pushSubscriptions.remove(id);
    log.info({ subscription: id }, 'push subscription dropped: not an allowed push service');
    return;
  }
  let status: number;
  try {
    status = await ctx.push.send(device, JSON.stringify(reminder), left / 1000);
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
    if (row.attempts < PUSH_ATTEMPTS) throw new Error(`push service did not answer (${reason})`);
    log.warn({ subscription: id, attempts: row.attempts, reason }, 'push reminder given up');
    return;
  }
  if (status >= 200 && status < 300) return;
  if (status === 404 || status === 410) {
    await ctx.repos.pushSubscriptions.remove(id);
    log.info({ subscription: id, status }, 'push subscription gone: dropped');
    return;
  }
  if (retryable(status) && row.attempts < PUSH_ATTEMPTS) {
    throw new Error(`push service answered ${status}`);
  }
  log.warn({ subscription: id, attempts: row.attempts, status }, 'push reminder given up');
}
