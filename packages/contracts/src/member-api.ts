import * as z from 'zod';
import {
  CallAttendance,
  CheckInLink,
  CheckInLinkAnswer,
  ConsoleTeamCall,
  EmailLinkBody,
  EmailLinkQuery,
  MemberCall,
  ReminderSettings,
  ReminderSettingsForm,
  TeamCallForm,
  UnsubscribeAnswer,
} from './accountability.ts';
import {
  AUDIT_ACTIONS,
  CATEGORIES,
  JOIN_RESPONSE_DAYS,
  SEARCH_MAX,
  TEXT_LIMITS,
} from './constants.ts';
import { endpoint, profileFormSchema } from './endpoints.ts';
import { MESSAGES } from './messages.ts';
import {
  Category,
  EmailField,
  ONE_LINE_MESSAGE,
  oneLineText,
  ProfileResponse,
  sentenceText,
} from './schemas.ts';
import { CONTROL_CHARACTERS } from './text.ts';

/**
 * The tracker's front door: what the tracker web app (members and operators) calls on its own
 * origin. The credential is the session cookie set at sign-in; every write must come from that
 * origin (Origin header checked). Not signed in: 401 SIGN_IN_REQUIRED.
 */

/** Where the front door's API lives on the tracker's public origin. */
export const MEMBER_API_PREFIX = '/api';

export const SignInForm = z.object({
  email: z.string({ error: MESSAGES.enterEmail }).trim().min(1, MESSAGES.enterEmail).max(320),
  password: z.string({ error: MESSAGES.enterPassword }).min(1, MESSAGES.enterPassword).max(1024),
});
export type SignInForm = z.infer<typeof SignInForm>;

export const MemberRole = z.enum(['member', 'operator']);

/** Who is signed in. */
export const SessionMember = z.object({ id: z.number(), name: z.string(), role: MemberRole });
export type SessionMember = z.infer<typeof SessionMember>;
/**
 * Where the session stands on the second factor: 'none' for members; for operators 'enrol' (none
 * set up yet), 'required' (set up, this session has not given a code) or 'passed'.
 */
export const SecondFactorState = z.enum(['none', 'enrol', 'required', 'passed']);
export type SecondFactorState = z.infer<typeof SecondFactorState>;
export const MemberSignInAnswer = z.object({
  member: SessionMember,
  secondFactor: SecondFactorState.optional(),
});

/** The account as its owner sees it. */
export const MemberAccount = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  goalSummary: z.string().nullable(),
  aboutMe: z.string().nullable(),
  photo: z.string().nullable(),
  /** The member's IANA time zone; null until their browser has told it. */
  timeZone: z.string().nullable(),
});
export type MemberAccount = z.infer<typeof MemberAccount>;

/** The member's latest join request. */
export const MemberJoinRequest = z.object({
  id: z.number(),
  status: z.enum(['unmatched', 'pending', 'approved', 'declined']),
  sentAt: z.iso.datetime(),
  /** sentAt plus JOIN_RESPONSE_DAYS: the day the promised answer falls on. */
  answerBy: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  team: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** What the operator wrote when declining, shown to the member. */
  declineReason: z.string().nullable(),
});
export type MemberJoinRequest = z.infer<typeof MemberJoinRequest>;

/** A teammate as the team board shows them (the spec's normalised member shape). */
export const Teammate = z.object({
  id: z.number(),
  name: z.string(),
  photo: z.string().nullable(),
  aboutMe: z.string(),
  goalSummary: z.string(),
  /** The signed-in member's own card. */
  own: z.boolean(),
});
export type Teammate = z.infer<typeof Teammate>;

export const MemberTeam = z.object({
  id: z.number(),
  name: z.string(),
  members: z.array(Teammate),
});
export type MemberTeam = z.infer<typeof MemberTeam>;

/** Everything the member's home shows. */
export const MemberHome = z.object({
  account: MemberAccount,
  joinRequest: MemberJoinRequest.nullable(),
  /** Only once the member is Active on a team. */
  team: MemberTeam.nullable(),
  /** The team's weekly calls, once the member is Active and an operator has set them. */
  call: MemberCall.nullable(),
});
export type MemberHome = z.infer<typeof MemberHome>;

export const ProfileEdit = z.object({
  name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName),
  goalSummary: sentenceText(TEXT_LIMITS.goal, MESSAGES.enterGoal),
  aboutMe: z
    .string()
    .trim()
    .max(TEXT_LIMITS.aboutMe, `About me must be at most ${TEXT_LIMITS.aboutMe} characters`),
});
export type ProfileEdit = z.infer<typeof ProfileEdit>;

/**
 * The tracker's own passwords (set, reset, change; members and operators), as OWASP ASVS 5.0
 * V6.2 asks: at least 8 characters, long passphrases welcome (up to the site's 1,024), checked on
 * the server against a list of common and breached passwords as well (the tracker's
 * `passwords.ts`). The site's sign-up keeps the spec's hint (decision 15).
 */
export const TRACKER_PASSWORD_MIN = 8;
export const TRACKER_PASSWORD_MESSAGES = {
  hint: `At least ${TRACKER_PASSWORD_MIN} characters. Long passphrases are welcome; common passwords are refused.`,
  tooShort: `Password must be at least ${TRACKER_PASSWORD_MIN} characters`,
  common: 'This password is on a list of common or breached passwords: choose another one',
} as const;
export const TrackerPasswordField = z
  .string({ error: MESSAGES.enterPassword })
  .min(1, MESSAGES.enterPassword)
  .min(TRACKER_PASSWORD_MIN, TRACKER_PASSWORD_MESSAGES.tooShort)
  .max(TEXT_LIMITS.password, `Password must be at most ${TEXT_LIMITS.password} characters`);

export const PasswordChange = z.object({
  currentPassword: SignInForm.shape.password,
  newPassword: TrackerPasswordField,
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const PasswordResetRequest = z.object({ email: EmailField });
export const PasswordResetCompletion = z.object({
  token: z.string().min(1).max(200),
  password: TrackerPasswordField,
});
/** Whether a reset link can still set a password, asked when its page opens. */
export const PasswordResetCheck = z.object({ token: z.string().min(1).max(200) });
export const PasswordResetState = z.object({
  state: z.enum(['usable', 'used', 'expired', 'unknown']),
});
export type PasswordResetState = z.infer<typeof PasswordResetState>;
export const AccountDeletion = z.object({ password: SignInForm.shape.password });
export const MessageAnswer = z.object({ message: z.string() });

export function answerByOf(sentAt: Date): Date {
  return new Date(sentAt.getTime() + JOIN_RESPONSE_DAYS * 86_400_000);
}

/** A 6-digit authenticator code, or one of the recovery codes given at enrolment. */
export const SecondFactorCode = z.object({
  code: z
    .string({ error: MESSAGES.enterCode })
    .trim()
    .min(1, MESSAGES.enterCode)
    .max(64, MESSAGES.enterCode),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCode>;

/** What an operator types into an authenticator app (or opens as a link) to set it up. */
export const SecondFactorEnrolment = z.object({
  /** The otpauth:// URI (what a QR code would carry). */
  uri: z.string(),
  /** The same secret in base32, to type in by hand. */
  secret: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolment>;
/** The 10 single-use recovery codes, shown this once. */
export const RecoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()).length(10) });
/** New recovery codes for the operator's own second factor: their password, given again. */
export const RecoveryCodesRenewal = z.object({ password: SignInForm.shape.password });
export type RecoveryCodesRenewal = z.infer<typeof RecoveryCodesRenewal>;

/** Rows on one page of a console list (the queue, teams, info calls, feedback, the audit log). */
export const CONSOLE_PAGE_SIZE = 20;

/** The console's pages of a list. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CONSOLE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** What an operator types to find something in a console list: part of a name (blank finds all). */
export const ConsoleSearch = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`)
  .optional();

/** A focus area of the console's lists, by the site's name for it (`?area=school`). */
export const ConsoleArea = z.enum(CATEGORIES, {
  error: `Choose one of the areas: ${CATEGORIES.join(', ')}`,
});
export type ConsoleArea = z.infer<typeof ConsoleArea>;

/**
 * The join requests whose applicant's name or address holds `q`, on a team of one focus `area`
 * (unmatched requests have none), and only those past their answer-by day with `overdue=true`.
 */
export const QueueQuery = PageQuery.extend({
  q: ConsoleSearch,
  area: ConsoleArea.optional(),
  overdue: z.enum(['true', 'false'], { error: 'Overdue is either true or false' }).optional(),
});
export type QueueQuery = z.infer<typeof QueueQuery>;
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * The teams whose name, or an Active or Pending member's name or address, holds `q`, of one
 * focus `area`.
 */
export const TeamQuery = PageQuery.extend({ q: ConsoleSearch, area: ConsoleArea.optional() });
export type TeamQuery = z.infer<typeof TeamQuery>;

export const AuditAction = z.enum(AUDIT_ACTIONS, {
  error: 'Choose one of the actions the audit log records',
});
export type AuditAction = z.infer<typeof AuditAction>;

const CHOOSE_OPERATOR = 'Choose one of the operators';

/**
 * The audit lines of one action, of one operator (their account's id), and those whose operator
 * or target is named with `q`.
 */
export const AuditQuery = PageQuery.extend({
  q: ConsoleSearch,
  action: AuditAction.optional(),
  operator: z.coerce
    .number({ error: CHOOSE_OPERATOR })
    .int(CHOOSE_OPERATOR)
    .positive(CHOOSE_OPERATOR)
    .max(2 ** 31 - 1, CHOOSE_OPERATOR)
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** One page of a console list: its items, how many there are in all, and the page asked for. */
function pageOf<Item extends z.ZodType>(item: Item) {
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
  applicant: z.object({ id: z.number(), name: z.string(), goal: z.string().nullable() }),
  team: z.object({ id: z.number(), name: z.string(), openSeats: z.number() }).nullable(),
  sentAt: z.iso.datetime(),
  answerBy: z.iso.datetime(),
  /** Days left of JOIN_RESPONSE_DAYS until answerBy, a part day counted whole; 0 once overdue. */
  daysLeft: z.number(),
  overdue: z.boolean(),
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

export const JoinRequestQueue = pageOf(QueuedJoinRequest).extend({
  /** This operator's decisions that can still be undone, newest first. */
  recent: z.array(RecentDecision),
});
export type JoinRequestQueue = z.infer<typeof JoinRequestQueue>;

export const ConsoleIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const DeclineForm = z.object({
  message: z.string().trim().max(1000, 'The message must be at most 1000 characters').default(''),
});
export type DeclineForm = z.infer<typeof DeclineForm>;
/** A positive 32-bit id chosen from a list, with one message for every way it can be wrong. */
const catalogueId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(2 ** 31 - 1, message);

export const PlacementForm = z.object({ teamId: catalogueId(MESSAGES.chooseTeam) });
export type PlacementForm = z.infer<typeof PlacementForm>;
export const ConsoleDecision = z.object({
  id: z.number(),
  status: z.enum(['pending', 'approved', 'declined']),
});

/** A booked info call as the console lists it (1:00 PM Mountain Time on its day). */
export const InfoCall = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  category: z.string(),
  at: z.iso.datetime(),
  outcome: z.enum(['held', 'no-show']).nullable(),
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
  readAt: z.iso.datetime().nullable(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;
export const FeedbackQuery = PageQuery.extend({ category: Category.optional() });
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
  .int('Capacity must be a whole number of seats')
  .min(1, 'Capacity must be at least 1 seat')
  .max(TEAM_CAPACITY_MAX, `Capacity must be at most ${TEAM_CAPACITY_MAX} seats`);

/** A team as the console's Teams page shows it: its seats as they stand and who holds them. */
export const ConsoleTeam = z.object({
  id: z.number(),
  name: z.string(),
  focusArea: z.object({ id: z.number(), name: z.string() }).nullable(),
  role: z.object({ id: z.number(), name: z.string() }).nullable(),
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
  name: z
    .string({ error: 'Please enter the team name' })
    .trim()
    .min(1, 'Please enter the team name')
    .max(80, 'The team name must be at most 80 characters')
    .refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE),
  focusAreaId: catalogueId('Please choose a focus area'),
  /** Empty (or left out) only for a focus area that offers no roles. */
  focusRoleId: z.preprocess(
    (value) => (value === '' ? null : value),
    catalogueId('Please choose a role').nullable().default(null),
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
  name: z
    .string()
    .trim()
    .max(TEXT_LIMITS.name, `The name must be at most ${TEXT_LIMITS.name} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE)
    .optional(),
});
export type OperatorInvite = z.infer<typeof OperatorInvite>;

export const AuditEntry = z.object({
  id: z.number(),
  operator: z.object({ id: z.number(), name: z.string().nullable() }),
  action: z.string(),
  target: z.string(),
  /** Who or what the target is, in words (a person's or a team's name); null when it is gone. */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

export const MEMBER_API = {
  signIn: endpoint({
    method: 'POST',
    url: '/api/session',
    summary: 'Sign in with the email and password of the account',
    schema: { body: SignInForm, response: { 200: MemberSignInAnswer } },
  }),
  getSession: endpoint({
    method: 'GET',
    url: '/api/session',
    summary: 'Who is signed in',
    schema: { response: { 200: MemberSignInAnswer } },
  }),
  signOut: endpoint({
    method: 'DELETE',
    url: '/api/session',
    summary: 'Sign out here',
    schema: { response: { 204: z.void() } },
  }),
  signOutEverywhere: endpoint({
    method: 'DELETE',
    url: '/api/sessions',
    summary: 'Sign out on every device',
    schema: { response: { 204: z.void() } },
  }),
  getHome: endpoint({
    method: 'GET',
    url: '/api/me',
    summary: "The member's join request, team and profile",
    schema: { response: { 200: MemberHome } },
  }),
  updateProfile: endpoint({
    method: 'PUT',
    url: '/api/me/profile',
    summary: 'Change name, goal and about text',
    schema: { body: ProfileEdit, response: { 200: MemberAccount } },
  }),
  updatePhoto: endpoint({
    method: 'POST',
    url: '/api/me/photo',
    summary: 'Replace the profile photo (multipart photoFile, at most 5 MB, an image by its bytes)',
    schema: { ...profileFormSchema, response: { 200: ProfileResponse } },
  }),
  changePassword: endpoint({
    method: 'POST',
    url: '/api/me/password',
    summary: 'Change the password; every other session ends',
    schema: { body: PasswordChange, response: { 204: z.void() } },
  }),
  leaveTeam: endpoint({
    method: 'POST',
    url: '/api/me/team-departure',
    summary: 'Leave the team (the seat is freed); the account stays',
    schema: { response: { 204: z.void() } },
  }),
  deleteAccount: endpoint({
    method: 'POST',
    url: '/api/me/deletion',
    summary: 'Delete the account, its place on a team and its photo',
    schema: { body: AccountDeletion, response: { 204: z.void() } },
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    url: '/api/me/confirmation-email',
    summary: 'Send the email confirmation link again',
    schema: { response: { 202: MessageAnswer } },
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    url: '/api/password-resets',
    summary: 'Mail a password reset link (the same answer for every address)',
    schema: { body: PasswordResetRequest, response: { 202: MessageAnswer } },
  }),
  checkPasswordReset: endpoint({
    method: 'POST',
    url: '/api/password-resets/check',
    summary:
      "Whether a reset link's token can still set a password (the token in the body, never the URL)",
    schema: { body: PasswordResetCheck, response: { 200: PasswordResetState } },
  }),
  completePasswordReset: endpoint({
    method: 'POST',
    url: '/api/password-resets/completion',
    summary: 'Set a new password with the token from the link; every session ends',
    schema: { body: PasswordResetCompletion, response: { 204: z.void() } },
  }),
  secondFactor: endpoint({
    method: 'POST',
    url: '/api/session/second-factor',
    summary: "An operator's authenticator code or a recovery code, after the password",
    schema: { body: SecondFactorCode, response: { 200: MemberSignInAnswer } },
  }),
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
    summary:
      'Ten new recovery codes for your own authenticator, answered once, with your password given again; the old ones stop working',
    schema: { body: RecoveryCodesRenewal, response: { 200: RecoveryCodesAnswer } },
  }),
  joinRequestQueue: endpoint({
    method: 'GET',
    url: '/api/console/join-requests',
    summary:
      'Join requests waiting for an operator, oldest first (q: part of a name or address; area: a focus area; overdue=true: past their answer-by day)',
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
    summary: 'Place an unmatched join request on a team with an open seat',
    schema: { params: ConsoleIdParams, body: PlacementForm, response: { 200: ConsoleDecision } },
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
      'Teams with their capacity, members, live holds and open seats, by id; q finds a team by its name or a member’s name or address, area keeps one focus area',
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
    summary:
      "Reset another operator's authenticator app (never your own): their sessions end, they are mailed and set a new one up at their next sign-in",
    schema: { params: ConsoleIdParams, response: { 204: z.void() } },
  }),
  auditLog: endpoint({
    method: 'GET',
    url: '/api/console/audit',
    summary:
      'What operators did, newest first; q finds entries by the operator’s or the target’s name, action keeps one action, operator one operator’s (by account id)',
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
  setCallAttendance: endpoint({
    method: 'PUT',
    url: '/api/me/call-attendance',
    summary: "Bow out of the team's calls, or come back to them (the member stays on the team)",
    schema: { body: CallAttendance, response: { 200: MemberCall } },
  }),
  callCalendar: endpoint({
    method: 'GET',
    url: '/api/me/call.ics',
    summary: "The team's calls as an iCalendar file (weekly, in the team's zone)",
    schema: { response: { 200: z.string() } },
  }),
  getReminders: endpoint({
    method: 'GET',
    url: '/api/me/reminders',
    summary: 'When the member is reminded to check in',
    schema: { response: { 200: ReminderSettings } },
  }),
  setReminders: endpoint({
    method: 'PUT',
    url: '/api/me/reminders',
    summary: 'Change the reminder time, its weekdays, or turn reminders off',
    schema: { body: ReminderSettingsForm, response: { 200: ReminderSettings } },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    url: '/api/email-links/unsubscribe',
    summary:
      "Stop reminder emails with the token of a reminder's link (RFC 8058 one-click: no sign-in, no Origin)",
    schema: { querystring: EmailLinkQuery, response: { 200: UnsubscribeAnswer } },
  }),
  readCheckInLink: endpoint({
    method: 'GET',
    url: '/api/email-links/check-in',
    summary: "What a reminder's check-in link answers (nothing changes)",
    schema: { querystring: EmailLinkQuery, response: { 200: CheckInLink } },
  }),
  useCheckInLink: endpoint({
    method: 'POST',
    url: '/api/email-links/check-in',
    summary: "Record the check-in a reminder's link answers (once)",
    schema: { body: EmailLinkBody, response: { 200: CheckInLinkAnswer } },
  }),
} as const;
