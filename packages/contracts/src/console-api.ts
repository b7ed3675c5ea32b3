import * as z from 'zod/mini';
import { ConsoleTeamCall, TeamCallForm } from './accountability.ts';
import { AUDIT_ACTIONS, CATEGORIES, SEARCH_MAX, TEXT_LIMITS } from './constants.ts';
import { endpoint } from './endpoints.ts';
import { SecondFactorCode, SignInForm } from './member-api.ts';
import { MemberExport } from './member-export.ts';
import { MESSAGES } from './messages.ts';
import {
  Passkey,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegistration,
  PasskeyRename,
} from './passkey-schemas.ts';
import { Category, EmailField, ONE_LINE_MESSAGE } from './schemas.ts';
import { CONTROL_CHARACTERS } from './text.ts';

/**
 * The operators' console on the tracker's front door (`/api/console/...`): the same origin,
 * session cookie and Origin check as MEMBER_API, for operators whose session has passed the
 * second factor. A module of its own, so a member's pages never load the console's schemas.
 */

/** What an operator types into an authenticator app (or opens as a link) to set it up. */
export const SecondFactorEnrolment = z.object({
  /** The otpauth:// URI (what a QR code would carry). */
  uri: z.string(),
  /** The same secret in base32, to type in by hand. */
  secret: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolment>;
/** The 10 single-use recovery codes, shown this once. */
export const RecoveryCodesAnswer = z.object({
  recoveryCodes: z.array(z.string()).check(z.length(10)),
});
/** New recovery codes for the operator's own second factor: their password, given again. */
export const RecoveryCodesRenewal = z.object({ password: SignInForm.shape.password });
export type RecoveryCodesRenewal = z.infer<typeof RecoveryCodesRenewal>;

/** A positive 32-bit id chosen from a list, with one message for every way it can be wrong. */
const catalogueId = (message: string) =>
  z.coerce
    .number({ error: message })
    .check(z.int(message), z.positive(message), z.lte(2 ** 31 - 1, message));

/** Rows on one page of a console list (the queue, teams, info calls, feedback, the audit log). */
export const CONSOLE_PAGE_SIZE = 20;

/** The console's pages of a list. */
export const PageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), CONSOLE_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
});

/** What an operator types to find something in a console list: part of a name (blank finds all). */
export const ConsoleSearch = z.optional(
  z
    .string()
    .check(z.trim(), z.maxLength(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`)),
);

/** A focus area of the console's lists, by the site's name for it (`?area=school`). */
export const ConsoleArea = z.enum(CATEGORIES, {
  error: `Choose one of the areas: ${CATEGORIES.join(', ')}`,
});
export type ConsoleArea = z.infer<typeof ConsoleArea>;

/**
 * The join requests whose applicant's name or address holds `q`, on a team of one focus `area`
 * (unmatched requests have none), and only those past their answer-by day with `overdue=true`.
 */
export const QueueQuery = z.extend(PageQuery, {
  q: ConsoleSearch,
  area: z.optional(ConsoleArea),
  overdue: z.optional(z.enum(['true', 'false'], { error: 'Overdue is either true or false' })),
});
export type QueueQuery = z.infer<typeof QueueQuery>;
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * The teams whose name, or an Active or Pending member's name or address, holds `q`, of one
 * focus `area`.
 */
export const TeamQuery = z.extend(PageQuery, { q: ConsoleSearch, area: z.optional(ConsoleArea) });
export type TeamQuery = z.infer<typeof TeamQuery>;

export const AuditAction = z.enum(AUDIT_ACTIONS, {
  error: 'Choose one of the actions the audit log records',
});
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * The audit lines of one action, of one operator (their account's id), and those whose operator
 * or target is named with `q`.
 */
export const AuditQuery = z.extend(PageQuery, {
  q: ConsoleSearch,
  action: z.optional(AuditAction),
  operator: z.optional(catalogueId('Choose one of the operators')),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** One page of a console list: its items, how many there are in all, and the page asked for. */
function pageOf<Item extends z.ZodMiniType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  });
}

/** A join request waiting for an operator: pending on a team, or unmatched (no team yet). */
export const QueuedJoinRequest = z.object({
  id: z.number(),
  status: z.enum(['unmatched', 'pending']),
  applicant: z.object({ id: z.number(), name: z.string(), goal: z.nullable(z.string()) }),
  team: z.nullable(z.object({ id: z.number(), name: z.string(), openSeats: z.number() })),
  sentAt: z.iso.datetime(),
  answerBy: z.iso.datetime(),
  /** Days left of JOIN_RESPONSE_DAYS until answerBy, a part day counted whole; 0 once overdue. */
  daysLeft: z.number(),
  overdue: z.boolean(),
  /** The person asked to join a team before (a returning member, back through Find a team). */
  returning: z.optional(z.boolean()),
  /**
   * An operator or a freed seat put the request on its team (the person did not choose it): it
   * can be moved to another team or put back to waiting, without a mail.
   */
  placed: z.optional(z.boolean()),
});
export type QueuedJoinRequest = z.infer<typeof QueuedJoinRequest>;
/**
 * How long an approval or a decline can be taken back. The applicant's mail waits as long, so an
 * undone decision never reached them.
 */
export const DECISION_UNDO_SECONDS = 60;

/** A decision still inside its undo window, as the queue shows it above the waiting requests. */
export const RecentDecision = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['approved', 'declined']),
  /** Until when it can be undone. */
  undoUntil: z.iso.datetime(),
});
export type RecentDecision = z.infer<typeof RecentDecision>;

export const JoinRequestQueue = z.extend(pageOf(QueuedJoinRequest), {
  /** This operator's decisions that can still be undone, newest first. */
  recent: z.array(RecentDecision),
});
export type JoinRequestQueue = z.infer<typeof JoinRequestQueue>;

export const ConsoleIdParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2 ** 31 - 1)),
});
export const DeclineForm = z.object({
  message: z._default(
    z.string().check(z.trim(), z.maxLength(1000, 'The message must be at most 1000 characters')),
    '',
  ),
});
export type DeclineForm = z.infer<typeof DeclineForm>;
export const PlacementForm = z.object({ teamId: catalogueId(MESSAGES.chooseTeam) });
export type PlacementForm = z.infer<typeof PlacementForm>;
export const ConsoleDecision = z.object({
  id: z.number(),
  status: z.enum(['unmatched', 'pending', 'approved', 'declined']),
});

/** A booked info call as the console lists it (1:00 PM Mountain Time on its day). */
export const InfoCall = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  category: z.string(),
  at: z.iso.datetime(),
  outcome: z.nullable(z.enum(['held', 'no-show'])),
});
export type InfoCall = z.infer<typeof InfoCall>;
export const InfoCallPage = pageOf(InfoCall);
export type InfoCallPage = z.infer<typeof InfoCallPage>;
export const InfoCallOutcome = z.object({
  outcome: z.enum(['held', 'no-show'], { error: 'Choose held or no-show' }),
});

/** One day of info calls, on the calls' own calendar (Mountain Time): `2026-11-25`. */
export const InfoCallDayQuery = z.object({
  date: z.iso.date({ error: 'Please give a date as YYYY-MM-DD' }),
});

/** Feedback left after No thanks, as the console lists it. */
export const FeedbackEntry = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  feedback: z.string(),
  category: z.string(),
  sentAt: z.iso.datetime(),
  readAt: z.nullable(z.iso.datetime()),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;
export const FeedbackQuery = z.extend(PageQuery, { category: z.optional(Category) });
export const FeedbackPage = pageOf(FeedbackEntry);
export type FeedbackPage = z.infer<typeof FeedbackPage>;

/** The teams a request can be placed on, with their open seats. */
export const ConsoleTeams = z.object({
  teams: z.array(z.object({ id: z.number(), name: z.string(), openSeats: z.number() })),
});
export type ConsoleTeams = z.infer<typeof ConsoleTeams>;

/** A new team's seats unless an operator says otherwise. */
export const TEAM_CAPACITY_DEFAULT = 6;
/** A bound on a team's seats that no real team comes near (it only stops a mistyped number). */
export const TEAM_CAPACITY_MAX = 500;

const capacityField = z.coerce
  .number({ error: 'Please enter the number of seats' })
  .check(
    z.int('Capacity must be a whole number of seats'),
    z.gte(1, 'Capacity must be at least 1 seat'),
    z.lte(TEAM_CAPACITY_MAX, `Capacity must be at most ${TEAM_CAPACITY_MAX} seats`),
  );

/** A team as the console's Teams page shows it: its seats as they stand and who holds them. */
export const ConsoleTeam = z.object({
  id: z.number(),
  name: z.string(),
  focusArea: z.nullable(z.object({ id: z.number(), name: z.string() })),
  role: z.nullable(z.object({ id: z.number(), name: z.string() })),
  capacity: z.number(),
  /** Memberships by status: Active members and Pending applicants both take a seat. */
  active: z.number(),
  pending: z.number(),
  /** Seats held by someone on the site's team step right now. */
  liveHolds: z.number(),
  openSeats: z.number(),
  /** Active members and Pending applicants, in the order they joined. */
  members: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      status: z.enum(['Active', 'Pending']),
    }),
  ),
});
export type ConsoleTeam = z.infer<typeof ConsoleTeam>;
export const ConsoleTeamPage = pageOf(ConsoleTeam);
export type ConsoleTeamPage = z.infer<typeof ConsoleTeamPage>;

/** Focus areas with the roles each offers: what a new team is made for. */
export const ConsoleFocusAreas = z.object({
  focusAreas: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      roles: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
});
export type ConsoleFocusAreas = z.infer<typeof ConsoleFocusAreas>;

export const CapacityForm = z.object({ capacity: capacityField });
export type CapacityForm = z.infer<typeof CapacityForm>;

export const NewTeamForm = z.object({
  name: z.string({ error: 'Please enter the team name' }).check(
    z.trim(),
    z.minLength(1, 'Please enter the team name'),
    z.maxLength(80, 'The team name must be at most 80 characters'),
    z.refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE),
  ),
  focusAreaId: catalogueId('Please choose a focus area'),
  /** Empty (or left out) only for a focus area that offers no roles. */
  focusRoleId: z.pipe(
    z.transform((value) => (value === '' ? null : value)),
    z._default(z.nullable(catalogueId('Please choose a role')), null),
  ),
  capacity: capacityField,
});
export type NewTeamForm = z.infer<typeof NewTeamForm>;

/** An operator as the console's Operators page lists them. */
export const ConsoleOperator = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Whether their authenticator app is set up (they can act once it is). */
  authenticator: z.boolean(),
  /** The operator asking. */
  you: z.boolean(),
});
export type ConsoleOperator = z.infer<typeof ConsoleOperator>;
export const ConsoleOperators = z.object({ operators: z.array(ConsoleOperator) });
export type ConsoleOperators = z.infer<typeof ConsoleOperators>;

/** Who to make an operator: an address (a new account, or an existing one promoted). */
export const OperatorInvite = z.object({
  email: EmailField,
  name: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(TEXT_LIMITS.name, `The name must be at most ${TEXT_LIMITS.name} characters`),
      z.refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE),
    ),
  ),
});
export type OperatorInvite = z.infer<typeof OperatorInvite>;

export const AuditEntry = z.object({
  id: z.number(),
  operator: z.object({ id: z.number(), name: z.nullable(z.string()) }),
  action: z.string(),
  target: z.string(),
  /** Who or what the target is, in words (a person's or a team's name); null when it is gone. */
  targetName: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const CONSOLE_API = {
  startEnrolment: endpoint({
    method: 'GET',
    url: '/api/console/second-factor',
    summary: 'The secret to set up an authenticator app with (operators, before it is set up)',
    schema: { response: { 200: SecondFactorEnrolment } },
  }),
  confirmEnrolment: endpoint({
    method: 'POST',
    url: '/api/console/second-factor',
    summary: 'Confirm the authenticator with a code; answers the 10 recovery codes once',
    schema: { body: SecondFactorCode, response: { 200: RecoveryCodesAnswer } },
  }),
  renewRecoveryCodes: endpoint({
    method: 'POST',
    url: '/api/console/second-factor/recovery-codes',
    summary: 'Your 10 new recovery codes, once (password again); the old ones stop working',
    schema: { body: RecoveryCodesRenewal, response: { 200: RecoveryCodesAnswer } },
  }),
  operatorPasskeys: endpoint({
    method: 'GET',
    url: '/api/console/passkeys',
    summary: "The operator's own passkeys",
    schema: { response: { 200: PasskeyList } },
  }),
  operatorPasskeyOptions: endpoint({
    method: 'POST',
    url: '/api/console/passkeys/options',
    summary: 'A challenge to add a passkey (password again; user verification required)',
    schema: { body: RecoveryCodesRenewal, response: { 200: PasskeyOptions } },
  }),
  registerOperatorPasskey: endpoint({
    method: 'POST',
    url: '/api/console/passkeys',
    summary: 'Add the passkey made for the challenge; audited, and the operator is mailed',
    schema: { body: PasskeyRegistration, response: { 201: Passkey } },
  }),
  renameOperatorPasskey: endpoint({
    method: 'PUT',
    url: '/api/console/passkeys/:id',
    summary: "Rename one of the operator's own passkeys",
    schema: { params: ConsoleIdParams, body: PasskeyRename, response: { 200: Passkey } },
  }),
  removeOperatorPasskey: endpoint({
    method: 'DELETE',
    url: '/api/console/passkeys/:id',
    summary: "Remove one of the operator's own passkeys; audited, and the operator is mailed",
    schema: { params: ConsoleIdParams, response: { 204: z.void() } },
  }),
  joinRequestQueue: endpoint({
    method: 'GET',
    url: '/api/console/join-requests',
    summary: 'Join requests waiting, oldest first; q: a name or address, area, overdue',
    schema: { querystring: QueueQuery, response: { 200: JoinRequestQueue } },
  }),
  approveJoinRequest: endpoint({
    method: 'POST',
    url: '/api/console/join-requests/:id/approval',
    summary: 'Approve a pending join request (the applicant is mailed)',
    schema: { params: ConsoleIdParams, response: { 200: ConsoleDecision } },
  }),
  declineJoinRequest: endpoint({
    method: 'POST',
    url: '/api/console/join-requests/:id/decline',
    summary: 'Decline a pending join request with a message the applicant sees',
    schema: { params: ConsoleIdParams, body: DeclineForm, response: { 200: ConsoleDecision } },
  }),
  undoJoinDecision: endpoint({
    method: 'POST',
    url: '/api/console/join-requests/:id/undo',
    summary: `Take back an approval or a decline within ${DECISION_UNDO_SECONDS} s: the request waits again and its mail is not sent`,
    schema: { params: ConsoleIdParams, response: { 200: ConsoleDecision } },
  }),
  placeJoinRequest: endpoint({
    method: 'POST',
    url: '/api/console/join-requests/:id/placement',
    summary:
      'Place an unmatched join request on a team with an open seat, or move a request an operator or a freed seat placed to another team (no mail)',
    schema: { params: ConsoleIdParams, body: PlacementForm, response: { 200: ConsoleDecision } },
  }),
  unplaceJoinRequest: endpoint({
    method: 'POST',
    url: '/api/console/join-requests/:id/unplacement',
    summary:
      'Put a request an operator or a freed seat placed back to waiting for a team (its seat opens; no mail)',
    schema: { params: ConsoleIdParams, response: { 200: ConsoleDecision } },
  }),
  consoleTeams: endpoint({
    method: 'GET',
    url: '/api/console/teams',
    summary: 'Every team with its open seats (to place a join request on)',
    schema: { response: { 200: ConsoleTeams } },
  }),
  teamOverview: endpoint({
    method: 'GET',
    url: '/api/console/teams/overview',
    summary:
      'Teams with their capacity, members, live holds and open seats, by id; q finds a team by its name or a member’s name or address; area',
    schema: { querystring: TeamQuery, response: { 200: ConsoleTeamPage } },
  }),
  focusAreas: endpoint({
    method: 'GET',
    url: '/api/console/focus-areas',
    summary: 'Focus areas with their roles, to make a team for',
    schema: { response: { 200: ConsoleFocusAreas } },
  }),
  createTeam: endpoint({
    method: 'POST',
    url: '/api/console/teams',
    summary: 'Make a team for a focus area and role, with its number of seats',
    schema: { body: NewTeamForm, response: { 201: ConsoleTeam } },
  }),
  setTeamCapacity: endpoint({
    method: 'PUT',
    url: '/api/console/teams/:id/capacity',
    summary: 'Change how many seats a team has (never fewer than its Active and Pending)',
    schema: { params: ConsoleIdParams, body: CapacityForm, response: { 200: ConsoleTeam } },
  }),
  infoCalls: endpoint({
    method: 'GET',
    url: '/api/console/info-calls',
    summary: 'Info calls from today on, soonest first',
    schema: { querystring: PageQuery, response: { 200: InfoCallPage } },
  }),
  infoCallDay: endpoint({
    method: 'GET',
    url: '/api/console/info-calls/calendar',
    summary: "One day's info calls (Mountain Time) as an iCalendar file to download",
    schema: { querystring: InfoCallDayQuery, response: { 200: z.string() } },
  }),
  recordInfoCall: endpoint({
    method: 'POST',
    url: '/api/console/info-calls/:id/outcome',
    summary: 'Record that an info call was held, or that nobody answered',
    schema: { params: ConsoleIdParams, body: InfoCallOutcome, response: { 200: InfoCall } },
  }),
  feedback: endpoint({
    method: 'GET',
    url: '/api/console/feedback',
    summary: 'Feedback of those who said No, newest first, by category',
    schema: { querystring: FeedbackQuery, response: { 200: FeedbackPage } },
  }),
  markFeedbackRead: endpoint({
    method: 'POST',
    url: '/api/console/feedback/:id/read',
    summary: 'Mark a feedback entry read',
    schema: { params: ConsoleIdParams, response: { 200: FeedbackEntry } },
  }),
  operators: endpoint({
    method: 'GET',
    url: '/api/console/operators',
    summary: 'Every operator, oldest first',
    schema: { response: { 200: ConsoleOperators } },
  }),
  inviteOperator: endpoint({
    method: 'POST',
    url: '/api/console/operators',
    summary: 'Make an address an operator; it is mailed a link to set its password',
    schema: { body: OperatorInvite, response: { 201: ConsoleOperator } },
  }),
  removeOperator: endpoint({
    method: 'DELETE',
    url: '/api/console/operators/:id',
    summary: 'Take the operator role from an account (never your own, never the last one)',
    schema: { params: ConsoleIdParams, response: { 204: z.void() } },
  }),
  resetSecondFactor: endpoint({
    method: 'DELETE',
    url: '/api/console/operators/:id/second-factor',
    summary: "Reset another operator's authenticator app; their sessions end, they are mailed",
    schema: { params: ConsoleIdParams, response: { 204: z.void() } },
  }),
  exportMember: endpoint({
    method: 'GET',
    url: '/api/console/members/:id/export',
    summary:
      'Everything the tracker holds about a member (MemberExport), as a download; written to the audit log',
    schema: { params: ConsoleIdParams, response: { 200: MemberExport } },
  }),
  auditLog: endpoint({
    method: 'GET',
    url: '/api/console/audit',
    summary:
      'What operators did, newest first; q finds entries by the operator’s or the target’s name; action, operator',
    schema: { querystring: AuditQuery, response: { 200: AuditPage } },
  }),
  consoleTeamCall: endpoint({
    method: 'GET',
    url: '/api/console/teams/:id/call',
    summary: "A team's two weekly call times and meeting link (null until set)",
    schema: { params: ConsoleIdParams, response: { 200: ConsoleTeamCall } },
  }),
  setTeamCall: endpoint({
    method: 'PUT',
    url: '/api/console/teams/:id/call',
    summary: "Set a team's two weekly call times (in the team's zone), length and meeting link",
    schema: { params: ConsoleIdParams, body: TeamCallForm, response: { 200: ConsoleTeamCall } },
  }),
} as const;
