/**
 * The mails a member can stop and start again: each kind has its own switch on the Reminders
 * page, and every mail of a kind carries a one-click unsubscribe link (RFC 8058) for that kind.
 * Apart from MEMBER_API, as push.ts is: only the Reminders page and the unsubscribe page load it.
 */
import * as z from 'zod/mini';
import { EmailLinkQuery, UnsubscribeAnswer } from './accountability.ts';
import { endpoint } from './endpoints.ts';

/** The kinds of mail a member can turn off and on. */
export const MAIL_KINDS = ['reminders', 'recaps', 'digest', 'nudges'] as const;
export const MailKind = z.enum(MAIL_KINDS, { error: 'Choose a kind of email' });
export type MailKind = z.infer<typeof MailKind>;

/** Each kind's words: its switch on the Reminders page and its unsubscribe page. */
export const MAIL_KIND_TEXTS: Record<
  MailKind,
  { label: string; hint: string; what: string; stop: string; stopped: string }
> = {
  reminders: {
    label: 'Reminders to check in',
    hint: 'On the days and at the time you choose below.',
    what: 'reminders to check in',
    stop: 'Stop reminders',
    stopped: 'You will get no more reminder emails.',
  },
  recaps: {
    label: 'Weekly recap',
    hint: "Your team's week, on Sundays at 18:00 on your clock.",
    what: "the Sunday email with your team's week",
    stop: 'Stop weekly recaps',
    stopped: 'You will get no more weekly recaps.',
  },
  digest: {
    label: 'Daily digest',
    hint: "Teammates' cheers and replies, at 20:00 on days there are some.",
    what: 'the daily digest of cheers and replies',
    stop: 'Stop the daily digest',
    stopped: 'You will get no more daily digests.',
  },
  nudges: {
    label: 'Nudges',
    hint: "A teammate's nudge to check in, and our note when we have not heard from you.",
    what: "teammates' nudges and our notes when we miss you",
    stop: 'Stop nudges',
    stopped: 'You will get no more nudge emails.',
  },
};

export const MAIL_TEXTS = {
  title: 'Stop emails',
  /** After a kind is stopped, by link or on the page. */
  startAgain: 'Turn them on again any time on your Reminders page.',
  /** What stopping changes and what it does not. */
  stays: 'Your team, check-ins and other emails stay as they are.',
  linkNotFound: 'This link is not valid. Open the newest email from us.',
  linkExpired: 'This link has expired. Turn emails off on your Reminders page instead.',
  /** The toast after a switch on the Reminders page. */
  switched: (kind: MailKind, on: boolean) =>
    `${MAIL_KIND_TEXTS[kind].label}: ${on ? 'on' : 'off'}.`,
  /** Why a teammate's nudge was not sent. */
  nudgesOff: (name: string) => `${name} has turned nudge emails off.`,
} as const;

/** The answer of a one-click unsubscribe: what was stopped, in words. */
export const unsubscribedMessage = (kind: MailKind) =>
  `${MAIL_KIND_TEXTS[kind].stopped} ${MAIL_TEXTS.startAgain}`;

/** Which kinds of mail the member gets. */
export const MailSettings = z.object({
  reminders: z.boolean(),
  recaps: z.boolean(),
  digest: z.boolean(),
  nudges: z.boolean(),
});
export type MailSettings = z.infer<typeof MailSettings>;

/** One kind turned on or off. */
export const MailSwitch = z.object({
  kind: MailKind,
  enabled: z.boolean({ error: 'Say whether you want these emails' }),
});
export type MailSwitch = z.infer<typeof MailSwitch>;

/** What an unsubscribe link would stop, read without changing anything (never the address). */
export const UnsubscribeLink = z.object({ kind: MailKind });
export type UnsubscribeLink = z.infer<typeof UnsubscribeLink>;

export const MAIL_API = {
  getMails: endpoint({
    method: 'GET',
    url: '/api/me/mails',
    summary: 'Which kinds of email the member gets: reminders, weekly recaps, daily digest, nudges',
    schema: { response: { 200: MailSettings } },
  }),
  setMail: endpoint({
    method: 'PUT',
    url: '/api/me/mails',
    summary: 'Turn one kind of email on or off',
    schema: { body: MailSwitch, response: { 200: MailSettings } },
  }),
  readUnsubscribe: endpoint({
    method: 'GET',
    url: '/api/email-links/unsubscribe',
    summary: 'Which kind of email an unsubscribe link stops (nothing changes)',
    schema: { querystring: EmailLinkQuery, response: { 200: UnsubscribeLink } },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    url: '/api/email-links/unsubscribe',
    summary:
      "Stop the kind of email a mail's unsubscribe link names (RFC 8058 one-click: no sign-in, no Origin); pressing again answers the same",
    schema: { querystring: EmailLinkQuery, response: { 200: UnsubscribeAnswer } },
  }),
} as const;

/**
 * The page every mail's List-Unsubscribe header and off-link name: a GET shows what it stops and
 * a button, a POST (the mail client's one click) stops it.
 */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
