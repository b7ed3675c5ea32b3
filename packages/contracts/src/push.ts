/**
 * Push reminders: a member's devices get the day's check-in reminder as a notification (Web Push,
 * RFC 8030/8291/8292), instead of or as well as the email. Apart from MEMBER_API so that the
 * members' home, which loads MEMBER_API, does not carry them: only the Reminders page does.
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoints.ts';

/** How the day's reminder reaches the member. */
export const ReminderChannel = z.enum(['email', 'push', 'both'], {
  error: 'Choose email, notifications or both',
});
export type ReminderChannel = z.infer<typeof ReminderChannel>;

/** Devices one member can have subscribed at once; a new one beyond it replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

export const PUSH_TEXTS = {
  notPushService: 'This browser’s push service is not one the tracker sends notifications to.',
  badSubscription: 'This browser gave a subscription the tracker cannot use.',
  /** The notification's body (`day`: "Monday, November 30"); its title is the check-in question. */
  body: (day: string) => `Tap to check in for ${day}.`,
} as const;

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (bytes: number) =>
  z.string({ error: PUSH_TEXTS.badSubscription }).check(
    z.regex(/^[A-Za-z0-9_-]+=*$/, PUSH_TEXTS.badSubscription),
    z.refine(
      (s) => Math.floor((s.replace(/=+$/, '').length * 6) / 8) === bytes,
      PUSH_TEXTS.badSubscription,
    ),
  );

/**
 * A browser's push subscription, as PushSubscription.toJSON() gives it: the push service's
 * endpoint, the device's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
 * Which endpoints the tracker accepts is decided by the tracker (its list of push services).
 */
export const PushSubscriptionForm = z.object({
  endpoint: z
    .url({ error: PUSH_TEXTS.badSubscription })
    .check(z.maxLength(2000, PUSH_TEXTS.badSubscription)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object(
    { p256dh: base64url(65), auth: base64url(16) },
    { error: PUSH_TEXTS.badSubscription },
  ),
});
export type PushSubscriptionForm = z.input<typeof PushSubscriptionForm>;

export const PushEndpointForm = z.object({
  endpoint: z
    .string({ error: PUSH_TEXTS.badSubscription })
    .check(z.minLength(1), z.maxLength(2000)),
});

export const ReminderChannelForm = z.object({ channel: ReminderChannel });

/** The member's push settings: where the browser subscribes, how reminders go, how many devices. */
export const PushSettings = z.object({
  /** The tracker's VAPID public key (base64url): the browser's applicationServerKey. */
  publicKey: z.string(),
  channel: ReminderChannel,
  /** The member's devices that get notifications. */
  devices: z.number(),
});
export type PushSettings = z.infer<typeof PushSettings>;

/** What a push reminder carries (encrypted for the device); the service worker shows it. */
export const PushReminder = z.object({
  title: z.string(),
  body: z.string(),
  /** The page opening the notification goes to. */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per day). */
  tag: z.string(),
});
export type PushReminder = z.infer<typeof PushReminder>;

export const PUSH_API = {
  getPush: endpoint({
    method: 'GET',
    url: '/api/me/push',
    summary:
      "The tracker's VAPID public key, how the member's reminder goes, and how many devices get it",
    schema: { response: { 200: PushSettings } },
  }),
  setChannel: endpoint({
    method: 'PUT',
    url: '/api/me/reminder-channel',
    summary: 'Choose how the daily reminder goes: email, notifications on the devices, or both',
    schema: { body: ReminderChannelForm, response: { 200: PushSettings } },
  }),
  subscribe: endpoint({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    summary:
      "Send reminders to this device (a browser's push subscription; a reminder by email only becomes email and push)",
    schema: { body: PushSubscriptionForm, response: { 201: PushSettings } },
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    url: '/api/me/push-subscriptions',
    summary: "Stop sending reminders to a device of the member's (nothing changes if none)",
    schema: { body: PushEndpointForm, response: { 200: PushSettings } },
  }),
} as const;
