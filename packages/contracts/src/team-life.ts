/**
 * Team life beyond the daily check-in: the "we miss you" mail to a quiet member and its one-tap
 * answers, the console's Quiet members page, and the weekly recap. The rules that decide who is
 * quiet and when a recap is due live in member-day.ts.
 */
import * as z from 'zod/mini';
import { EmailLinkBody, EmailLinkQuery, UnsubscribeAnswer } from './accountability.ts';
import { LocalDay } from './check-ins.ts';
import { ConsoleIdParams, DECISION_UNDO_SECONDS, PageQuery } from './console-api.ts';
import { endpoint } from './endpoints.ts';
import { MessageAnswer } from './member-api.ts';
import { QUIET_RULES } from './member-day.ts';

/** The longest note an operator writes to a quiet member, in characters. */
export const QUIET_NOTE_MAX = 2000;

export const QUIET_TEXTS = {
  missYou: 'We miss you',
  back: "I'm back",
  pause: 'Pause me for a week',
  leave: 'Leave the team',
  page: 'Quiet members',
  backDone: "Welcome back! Answer today's check-in on your home page whenever you are ready.",
  pauseDone: (until: string) =>
    `Paused until ${until}. Your seat is kept, and no reminders come until then.`,
  leaveDone: (team: string) =>
    `You have left Team ${team}. Your account stays, and you can choose a team again any time.`,
  linkNotFound: 'This link is not valid. Open the newest email from us.',
  linkExpired: 'This link has expired. Open your home page instead.',
  linkUsed: 'This link was used already. Your home page shows where you stand.',
  notOnTeam: 'You are not on a team any more.',
  writeNote: 'Write a note first',
  noteTooLong: `A note can be at most ${QUIET_NOTE_MAX} characters`,
  notQuiet: (name: string) =>
    `${name} is not a quiet member: fewer than ${QUIET_RULES.consoleAfter} check-in days without an answer.`,
  recapUnsubscribed:
    'You will get no more weekly recaps. Your team, check-ins and reminders stay as they are.',
} as const;

/** The daily digest's subject line. */
export const DIGEST_SUBJECT = 'Cheers and replies from your team today';

/** Whether the member gets the daily digest of cheers and replies (DIGEST_RULE); off at first. */
export const DigestSettings = z.object({ enabled: z.boolean() });
export type DigestSettings = z.infer<typeof DigestSettings>;

/** Which answer of the "we miss you" mail a link gives. */
export const QuietAction = z.enum(['back', 'pause', 'leave']);
export type QuietAction = z.infer<typeof QuietAction>;

/** What a "we miss you" link would do, before anyone presses its button. */
export const QuietLink = z.object({
  action: QuietAction,
  /** The member's team, while they are on one. */
  team: z.nullable(z.string()),
  state: z.enum(['ready', 'used', 'expired']),
});
export type QuietLink = z.infer<typeof QuietLink>;

/** A member listed on the console's Quiet members page. */
export const QuietMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  team: z.object({ id: z.number(), name: z.string() }),
  /** Their check-in days without an answer since their last answer (contracts quietSpellOf). */
  quietDays: z.number(),
  /** The first of those days. */
  since: LocalDay,
  /** Their last answered day, or null when they never answered. */
  lastAnswer: z.nullable(LocalDay),
  /** The last mail we sent them about it: the "we miss you" mail or an operator's note. */
  lastContact: z.nullable(
    z.object({ at: z.iso.datetime(), what: z.enum(['we-miss-you', 'note']) }),
  ),
});
export type QuietMember = z.infer<typeof QuietMember>;
/** A page of the console's Quiet members, and how many there are in all. */
export const QuietMembers = z.object({
  members: z.array(QuietMember),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type QuietMembers = z.infer<typeof QuietMembers>;

export const QuietNoteForm = z.object({
  message: z
    .string({ error: QUIET_TEXTS.writeNote })
    .check(
      z.trim(),
      z.minLength(1, QUIET_TEXTS.writeNote),
      z.maxLength(QUIET_NOTE_MAX, QUIET_TEXTS.noteTooLong),
    ),
});
export type QuietNoteForm = z.input<typeof QuietNoteForm>;

/** The join request a freed seat goes to, and its applicant's name. */
export const SeatHeir = z.object({ joinRequestId: z.number(), name: z.string() });
export type SeatHeir = z.infer<typeof SeatHeir>;

/**
 * Who would get a quiet member's seat if it were freed now: the oldest join request waiting for
 * that team, else for its area and role; null when nobody waits (the seat would simply open).
 */
export const SeatHeirAnswer = z.object({ heir: z.nullable(SeatHeir) });
export type SeatHeirAnswer = z.infer<typeof SeatHeirAnswer>;

/**
 * A freed seat: the member is off the team, and the join request placed on it, if any; the
 * operator can take it back until `undoUntil` (null: not at all).
 */
export const FreedSeat = z.object({
  id: z.number(),
  placed: z.nullable(SeatHeir),
  undoUntil: z.nullable(z.iso.datetime()),
});
export type FreedSeat = z.infer<typeof FreedSeat>;

/** A freed seat taken back: the member is on the team again; the request placed there waits again. */
export const RestoredSeat = z.object({
  id: z.number(),
  team: z.object({ id: z.number(), name: z.string() }),
  /** The join request that had the seat and waits for a team again, if one had it. */
  waiting: z.nullable(SeatHeir),
});
export type RestoredSeat = z.infer<typeof RestoredSeat>;

/**
 * The front door's endpoints for team life, apart from MEMBER_API so that the members' home,
 * which loads MEMBER_API, does not carry them: only the pages that use them do.
 */
export const TEAM_LIFE_API = {
  quietMembers: endpoint({
    method: 'GET',
    url: '/api/console/quiet-members',
    summary:
      'Members with 10 or more check-in days unanswered (not paused), the longest quiet first, with their last answer and last contact, a page at a time',
    schema: { querystring: PageQuery, response: { 200: QuietMembers } },
  }),
  writeQuietMember: endpoint({
    method: 'POST',
    url: '/api/console/quiet-members/:id/notes',
    summary: 'Mail a quiet member a note from the operators (through the outbox)',
    schema: { params: ConsoleIdParams, body: QuietNoteForm, response: { 201: MessageAnswer } },
  }),
  seatHeir: endpoint({
    method: 'GET',
    url: '/api/console/quiet-members/:id/seat-release',
    summary:
      "Who a quiet member's freed seat would go to now (nothing changes): the oldest join request waiting for that team, else for its area and role, else nobody",
    schema: { params: ConsoleIdParams, response: { 200: SeatHeirAnswer } },
  }),
  freeQuietSeat: endpoint({
    method: 'POST',
    url: '/api/console/quiet-members/:id/seat-release',
    summary: `End a quiet member's membership (they are mailed after ${DECISION_UNDO_SECONDS} s); the seat goes to the oldest join request waiting for that team, else for its area and role, else it opens`,
    schema: { params: ConsoleIdParams, response: { 200: FreedSeat } },
  }),
  undoFreeQuietSeat: endpoint({
    method: 'POST',
    url: '/api/console/quiet-members/:id/seat-release/undo',
    summary: `Take back a freed seat within ${DECISION_UNDO_SECONDS} s: the member is on the team again, their mail is not sent, and the request placed on the seat waits for a team again`,
    schema: { params: ConsoleIdParams, response: { 200: RestoredSeat } },
  }),
  readQuietLink: endpoint({
    method: 'GET',
    url: '/api/email-links/quiet',
    summary: 'What a "we miss you" link answers (nothing changes)',
    schema: { querystring: EmailLinkQuery, response: { 200: QuietLink } },
  }),
  useQuietLink: endpoint({
    method: 'POST',
    url: '/api/email-links/quiet',
    summary:
      'Give a "we miss you" mail\'s answer: I\'m back, pause a week, or leave the team (once)',
    schema: { body: EmailLinkBody, response: { 200: MessageAnswer } },
  }),
  getDigest: endpoint({
    method: 'GET',
    url: '/api/me/digest',
    summary: 'Whether the member gets the daily digest of cheers and replies',
    schema: { response: { 200: DigestSettings } },
  }),
  setDigest: endpoint({
    method: 'PUT',
    url: '/api/me/digest',
    summary: 'Turn the daily digest of cheers and replies on or off',
    schema: { body: DigestSettings, response: { 200: DigestSettings } },
  }),
  recapUnsubscribe: endpoint({
    method: 'POST',
    url: '/api/email-links/recap-unsubscribe',
    summary:
      "Stop weekly recap emails with the token of a recap's link (RFC 8058 one-click: no sign-in, no Origin)",
    schema: { querystring: EmailLinkQuery, response: { 200: UnsubscribeAnswer } },
  }),
} as const;
