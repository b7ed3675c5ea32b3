import * as z from 'zod';
import { JOIN_RESPONSE_DAYS, TEXT_LIMITS } from './constants.ts';
import { endpoint, profileFormSchema } from './endpoints.ts';
import { MESSAGES } from './messages.ts';
import { EmailField, PasswordField, ProfileResponse, requiredText } from './schemas.ts';

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
export const MemberSignInAnswer = z.object({ member: SessionMember });

/** The account as its owner sees it. */
export const MemberAccount = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  goalSummary: z.string().nullable(),
  aboutMe: z.string().nullable(),
  photo: z.string().nullable(),
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
});
export type MemberHome = z.infer<typeof MemberHome>;

export const ProfileEdit = z.object({
  name: requiredText(TEXT_LIMITS.name, MESSAGES.enterName),
  goalSummary: requiredText(TEXT_LIMITS.goal, MESSAGES.enterGoal),
  aboutMe: z
    .string()
    .trim()
    .max(TEXT_LIMITS.aboutMe, `About me must be at most ${TEXT_LIMITS.aboutMe} characters`),
});
export type ProfileEdit = z.infer<typeof ProfileEdit>;

export const PasswordChange = z.object({
  currentPassword: SignInForm.shape.password,
  newPassword: PasswordField,
});
export type PasswordChange = z.infer<typeof PasswordChange>;

export const PasswordResetRequest = z.object({ email: EmailField });
export const PasswordResetCompletion = z.object({
  token: z.string().min(1).max(200),
  password: PasswordField,
});
export const AccountDeletion = z.object({ password: SignInForm.shape.password });
export const MessageAnswer = z.object({ message: z.string() });

export function answerByOf(sentAt: Date): Date {
  return new Date(sentAt.getTime() + JOIN_RESPONSE_DAYS * 86_400_000);
}

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
  completePasswordReset: endpoint({
    method: 'POST',
    url: '/api/password-resets/completion',
    summary: 'Set a new password with the token from the link; every session ends',
    schema: { body: PasswordResetCompletion, response: { 204: z.void() } },
  }),
} as const;
