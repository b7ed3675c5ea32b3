import * as z from 'zod/mini';
import {
  CallAttendance,
  CheckInLink,
  CheckInLinkAnswer,
  EmailLinkBody,
  EmailLinkQuery,
  MemberCall,
  ReminderSettings,
  ReminderSettingsForm,
} from './accountability.ts';
import { CheckInStatus } from './check-ins.ts';
import { JOIN_RESPONSE_DAYS, TEXT_LIMITS } from './constants.ts';
import { endpoint, HoldParams, profileFormSchema } from './endpoints.ts';
import { MEMBER_EVENTS, MEMBERSHIP_STATES } from './membership-names.ts';
import { MESSAGES } from './messages.ts';
import {
  Category,
  EmailField,
  Hold,
  HoldId,
  HoldResponse,
  NormalisedMember,
  oneLineText,
  ProfileResponse,
  sentenceText,
} from './schemas.ts';

/**
 * The tracker's front door: what the tracker web app (members and operators) calls on its own
 * origin. The credential is the session cookie set at sign-in; every write must come from that
 * origin (Origin header checked). Not signed in: 401 SIGN_IN_REQUIRED.
 */

/** Where the front door's API lives on the tracker's public origin. */
export const MEMBER_API_PREFIX = '/api';

export const SignInForm = z.object({
  email: z
    .string({ error: MESSAGES.enterEmail })
    .check(z.trim(), z.minLength(1, MESSAGES.enterEmail), z.maxLength(320)),
  password: z
    .string({ error: MESSAGES.enterPassword })
    .check(z.minLength(1, MESSAGES.enterPassword), z.maxLength(1024)),
  /**
   * The browser's IANA time zone: a member with none yet follows it from this sign-in, so their
   * home's first load needs no second trip to set it. A zone the tracker does not know is ignored.
   */
  timeZone: z.optional(z.string().check(z.maxLength(100))),
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
  secondFactor: z.optional(SecondFactorState),
  /**
   * 'required' when the password this session signed in with is one the tracker's rule refuses
   * (an account made on the site, whose hint is not enforced): a new one is set before anything
   * else (PASSWORD_CHANGE_REQUIRED).
   */
  passwordChange: z.optional(z.literal('required')),
});

/** The account as its owner sees it. */
export const MemberAccount = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  goalSummary: z.nullable(z.string()),
  aboutMe: z.nullable(z.string()),
  photo: z.nullable(z.string()),
  /** The member's IANA time zone; null until their browser has told it. */
  timeZone: z.nullable(z.string()),
});
export type MemberAccount = z.infer<typeof MemberAccount>;

/** The member's latest join request. */
export const MemberJoinRequest = z.object({
  id: z.number(),
  status: z.enum(['unmatched', 'pending', 'approved', 'declined']),
  sentAt: z.iso.datetime(),
  /** sentAt plus JOIN_RESPONSE_DAYS: the day the promised answer falls on. */
  answerBy: z.iso.datetime(),
  decidedAt: z.nullable(z.iso.datetime()),
  team: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /** What the operator wrote when declining, shown to the member. */
  declineReason: z.nullable(z.string()),
});
export type MemberJoinRequest = z.infer<typeof MemberJoinRequest>;

/** A teammate as the team board shows them (the spec's normalised member shape). */
export const Teammate = z.object({
  id: z.number(),
  name: z.string(),
  photo: z.nullable(z.string()),
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

/**
 * Where the person stands (`@app/membership`'s state, derived from the tracker's rows) and what
 * the membership machine lets them do from there: the home shows what these offer.
 */
export const MemberStanding = z.object({
  state: z.enum(MEMBERSHIP_STATES),
  offers: z.array(z.enum(MEMBER_EVENTS)),
});
export type MemberStanding = z.infer<typeof MemberStanding>;

/** Everything the member's home shows. */
export const MemberHome = z.object({
  account: MemberAccount,
  standing: MemberStanding,
  joinRequest: z.nullable(MemberJoinRequest),
  /** Only once the member is Active on a team. */
  team: z.nullable(MemberTeam),
  /** The team's weekly calls, once the member is Active and an operator has set them. */
  call: z.nullable(MemberCall),
});
export type MemberHome = z.infer<typeof MemberHome>;

/**
 * A member's home with its check-in card in one answer (`checkIns` null off a team), so the
 * home's first screen waits for one round trip, not two.
 */
export const MemberHomeWithCheckIns = z.extend(MemberHome, {
  checkIns: z.nullable(CheckInStatus),
  /**
   * The session the home was read in, for what the browser keeps for a visit without a
   * connection: `tag` names it (and nothing else: it signs nobody in), `endsAt` is the latest it
   * can last (its absolute limit; it ends sooner when idle, or signed out).
   */
  session: z.optional(z.object({ tag: z.string(), endsAt: z.iso.datetime() })),
});
export type MemberHomeWithCheckIns = z.infer<typeof MemberHomeWithCheckIns>;

export const ProfileEdit = z.object({
  name: oneLineText(TEXT_LIMITS.name, MESSAGES.enterName),
  goalSummary: sentenceText(TEXT_LIMITS.goal, MESSAGES.enterGoal),
  aboutMe: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        TEXT_LIMITS.aboutMe,
        `About me must be at most ${TEXT_LIMITS.aboutMe} characters`,
      ),
    ),
});
export type ProfileEdit = z.infer<typeof ProfileEdit>;

/**
 * The tracker's own passwords (set, reset, change; members and operators), as OWASP ASVS 5.0
 * V6.2 asks: at least 8 characters, long passphrases welcome (up to the site's 1,024), checked on
 * the server against a list of common and breached passwords as well (the tracker's
 * `passwords.ts`). The site's sign-up keeps the spec's hint (decision 15).
 */
export const TRACKER_PASSWORD_MIN = 8;
/** A password of digits only is refused below this length (a PIN, a date, a phone number). */
export const TRACKER_PASSWORD_DIGITS_MIN = 12;
export const TRACKER_PASSWORD_MESSAGES = {
  hint: `At least ${TRACKER_PASSWORD_MIN} characters. Long passphrases are welcome; common passwords are refused.`,
  tooShort: `Password must be at least ${TRACKER_PASSWORD_MIN} characters`,
  common: 'This password is on a list of common or breached passwords: choose another one',
  repeated: 'This password is one character repeated: choose another one',
  digits: `A password of digits only needs at least ${TRACKER_PASSWORD_DIGITS_MIN} digits`,
  personal: 'Your password must not be your email address or your name',
} as const;
export const TrackerPasswordField = z
  .string({ error: MESSAGES.enterPassword })
  .check(
    z.minLength(1, MESSAGES.enterPassword),
    z.minLength(TRACKER_PASSWORD_MIN, TRACKER_PASSWORD_MESSAGES.tooShort),
    z.maxLength(
      TEXT_LIMITS.password,
      `Password must be at most ${TEXT_LIMITS.password} characters`,
    ),
  );

export const PasswordChange = z.object({
  currentPassword: SignInForm.shape.password,
  newPassword: TrackerPasswordField,
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const PasswordResetRequest = z.object({ email: EmailField });
export const PasswordResetCompletion = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: TrackerPasswordField,
});
/** Whether a reset link can still set a password, asked when its page opens. */
export const PasswordResetCheck = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
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
    .check(z.trim(), z.minLength(1, MESSAGES.enterCode), z.maxLength(64, MESSAGES.enterCode)),
});
export type SecondFactorCode = z.infer<typeof SecondFactorCode>;

/** The front door's page where a member without a team finds one (mails and pages link to it). */
export const FIND_A_TEAM_PATH = '/find-a-team';

/**
 * Find a team: a signed-in member without a team chooses an area and a role, as a prospect does on
 * the site's first steps (the role is one of ROLE_OPTIONS, or the free-text goal for Other).
 */
export const TeamSearch = z.object({
  category: Category,
  role: oneLineText(TEXT_LIMITS.focusArea, MESSAGES.makeSelection),
});
export type TeamSearch = z.infer<typeof TeamSearch>;

/** The team found and the seat held on it for the member, counted down like the site's. */
export const HeldTeam = z.object({
  team: z.object({ id: z.number(), name: z.string(), members: z.array(NormalisedMember) }),
  hold: Hold,
});
export type HeldTeam = z.infer<typeof HeldTeam>;

/**
 * Whether the member may look for a team: 'open' (no team, no request waiting), 'on-team' (an
 * Active member of `teamName`), 'waiting' (a join request waits for an answer, to `teamName` or,
 * when null, to be placed). `held` is the seat the member holds now, if any (a reload, or a seat
 * carried over from the site).
 */
export const TeamSearchState = z.object({
  standing: z.enum(['open', 'on-team', 'waiting']),
  teamName: z.nullable(z.string()),
  held: z.nullable(HeldTeam),
});
export type TeamSearchState = z.infer<typeof TeamSearchState>;

/** The seat a prospect held on the site, carried to the tracker's sign-in (see HeldSeatHandOver). */
export const HandOverForm = z.object({
  holdId: HoldId,
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, MESSAGES.invalidInput)),
});
export type HandOverForm = z.infer<typeof HandOverForm>;

/** A new join request from a signed-in member, with the seat they hold. */
export const MemberJoinRequestForm = z.object({ holdId: HoldId });

/**
 * Password reset requests in an hour, per address asked about and per client asking (the
 * tracker's RESET_REQUESTS_MAX changes the first; the second is always clientsPerAddress times it).
 */
export const RESET_REQUEST_LIMITS = {
  perAddressPerHour: 5,
  clientsPerAddress: 6,
  perClientPerHour: 30,
} as const;

export const MEMBER_API = {
  getTeamSearch: endpoint({
    method: 'GET',
    url: '/api/me/team-search',
    summary: 'Whether the member may look for a team, and the seat they hold now',
    schema: { response: { 200: TeamSearchState } },
  }),
  searchTeam: endpoint({
    method: 'POST',
    url: '/api/me/team-search',
    summary:
      "Find a team of the area and role, as the site's matching does, and hold its open seat",
    schema: { body: TeamSearch, response: { 201: HeldTeam } },
  }),
  takeHandOver: endpoint({
    method: 'POST',
    url: '/api/me/team-search/hand-over',
    summary: 'Take over the seat held on the site (the link of its account step) for this member',
    schema: { body: HandOverForm, response: { 200: HeldTeam } },
  }),
  extendHeldSeat: endpoint({
    method: 'POST',
    url: '/api/me/held-seats/:id/extension',
    summary: "Hold the member's seat for another 10 minutes",
    schema: { params: HoldParams, response: { 200: HoldResponse } },
  }),
  releaseHeldSeat: endpoint({
    method: 'DELETE',
    url: '/api/me/held-seats/:id',
    summary: "Give the member's held seat back",
    schema: { params: HoldParams, response: { 204: z.void() } },
  }),
  sendJoinRequest: endpoint({
    method: 'POST',
    url: '/api/me/join-requests',
    summary: 'Send a join request to the team of the held seat (the seat becomes the request)',
    schema: { body: MemberJoinRequestForm, response: { 201: MemberJoinRequest } },
  }),
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
  getHomeWithCheckIns: endpoint({
    method: 'GET',
    url: '/api/me/home',
    summary: 'GET /api/me with GET /api/me/check-ins (null off a team)',
    schema: { response: { 200: MemberHomeWithCheckIns } },
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
    summary: `Mail a password reset link (the same answer for every address). At most ${RESET_REQUEST_LIMITS.perAddressPerHour} requests an hour for one address and ${RESET_REQUEST_LIMITS.perClientPerHour} from one client; past that 429 with Retry-After, for an address with an account or without alike`,
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
