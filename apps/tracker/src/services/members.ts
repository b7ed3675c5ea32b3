import { randomInt } from 'node:crypto';
import {
  answerByOf,
  type MemberAccount,
  type MemberHome,
  type MemberJoinRequest,
  oneLine,
  type PasswordChange,
  type ProfileEdit,
  UPLOADS_PATH,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import type { joinRequests, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { passwordProblem, refuseWeakPassword } from '../password-rule.ts';
import { findATeamUrl, type TrackerContext } from './context.ts';
import { type MemberReads, memberReads } from './member-days.ts';
import { guardMembership, standingOf } from './membership.ts';
import { findLink, makeLink, ONE_USE_LINKS, useLink } from './one-use-links.ts';
import { memberCall } from './team-calls.ts';
import { verifiedAccount } from './users.ts';

type UserRow = typeof users.$inferSelect;

export const photoUrl = (key: string | null) => (key === null ? null : `${UPLOADS_PATH}/${key}`);

function accountOf(user: UserRow): MemberAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    goalSummary: user.goalSummary,
    aboutMe: user.about,
    photo: photoUrl(user.image),
    timeZone: user.timeZone,
  };
}

const WRONG_PASSWORD = 'The password is not right.';

/**
 * Email and password of an account: the account's id, name and role, or 401 (see signIn), and
 * whether the password is one the tracker's rule refuses (an account made on the site, whose
 * hint is not enforced, may have one): the session then asks for a new one first.
 */
export async function checkCredentials(
  ctx: TrackerContext,
  credentials: { email: string; password: string },
) {
  const user = await verifiedAccount(ctx, credentials);
  const member = { id: user.id, name: user.name, role: user.role };
  return { member, weakPassword: passwordProblem(credentials.password, user) !== null };
}

/**
 * The signed-in member's account once its password is given again (a password change, deleting
 * the account); a wrong one is a 401 on the form's `field`.
 */
export async function confirmedAccount(
  ctx: TrackerContext,
  userId: number,
  password: string,
  field: string,
) {
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const valid = await ctx.signups.passwords.verify(password, user.passwordHash);
  if (!valid) {
    throw new HttpError('INVALID_CREDENTIALS', WRONG_PASSWORD, [
      { path: field, message: WRONG_PASSWORD },
    ]);
  }
  return user;
}

/** The member's home: their account, their latest join request and, once Active, their team. */
/** A join request as its member sees it. */
export function memberJoinRequest(
  request: Pick<
    typeof joinRequests.$inferSelect,
    'id' | 'status' | 'createdAt' | 'decidedAt' | 'declineReason'
  >,
  team: { id: number; name: string } | null,
): MemberJoinRequest {
  return {
    id: request.id,
    status: request.status,
    sentAt: request.createdAt.toISOString(),
    answerBy: answerByOf(request.createdAt).toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    team: team ? { id: team.id, name: team.name } : null,
    declineReason: request.declineReason,
  };
}

export async function memberHome(
  ctx: TrackerContext,
  userId: number,
  reads: MemberReads = memberReads(ctx, userId, ctx.trackerConfig.now()),
): Promise<MemberHome> {
  const [home, latest] = await Promise.all([reads.home(), reads.latestRequest()]);
  if (home === null) throw notFound('User');
  const { user, place, mates } = home;
  // Teammates see each other once approved, also before a teammate has confirmed their email
  // (the public team list waits for that); anyone an operator made Inactive is left out.
  const team: MemberHome['team'] =
    place === null
      ? null
      : {
          id: place.teamId,
          name: place.team,
          members: mates.map((mate) => ({
            id: mate.id,
            name: mate.name,
            photo: photoUrl(mate.image),
            aboutMe: mate.about ?? '',
            goalSummary: mate.goalSummary ?? '',
            own: mate.id === userId,
          })),
        };
  const [standing, call] = await Promise.all([
    standingOf(ctx, userId, reads),
    place === null
      ? null
      : memberCall(ctx, userId, ctx.database.db, { place, attendees: mates, call: home.call }),
  ]);
  return {
    account: accountOf(user),
    standing,
    joinRequest: latest === null ? null : memberJoinRequest(latest.request, latest.team),
    team,
    call,
  };
}

export async function editProfile(
  ctx: TrackerContext,
  userId: number,
  edit: ProfileEdit,
): Promise<MemberAccount> {
  const row = await ctx.repos.users.editProfile(userId, {
    name: edit.name,
    goalSummary: edit.goalSummary,
    about: edit.aboutMe,
  });
  if (row === null) throw notFound('User');
  return accountOf(row);
}

/**
 * A new password after the current one is given again; every other session of the member ends
 * (the one making the change stays signed in).
 */
export async function changePassword(
  ctx: TrackerContext,
  userId: number,
  change: PasswordChange,
  keepSession: string,
) {
  const user = await confirmedAccount(ctx, userId, change.currentPassword, 'currentPassword');
  refuseWeakPassword(change.newPassword, user, 'newPassword');
  const hash = await ctx.signups.passwords.hash(change.newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await ctx.repos.users.setPasswordHash(userId, hash, tx);
    await ctx.repos.memberSessions.deleteForUser(userId, keepSession, tx);
  });
}

/** How long a password reset link works, and how often one is mailed to an address. */
export const RESET_LINK_MS = 30 * 60_000;
export const RESET_LIMITS = { cooldownMs: 60_000, perDay: 5 } as const;
export const RESET_ANSWER =
  'If an account uses this address, we have sent it a link to set a new password. The link works for 30 minutes.';

/**
 * A single-use link that sets the account's password, working for `validMs`: the token is stored
 * as its SHA-256 only, in `tx`. Mail it in the same transaction.
 */
export async function issuePasswordLink(
  ctx: TrackerContext,
  tx: Db,
  userId: number,
  validMs: number,
): Promise<string> {
  const token = await makeLink(ctx, tx, ONE_USE_LINKS.passwordSet, {
    userId,
    expiresAt: new Date(ctx.trackerConfig.now().getTime() + validMs),
  });
  return `${ctx.trackerConfig.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * A request for a single-use link to set a new password: queued, answered the same for every
 * address. The link is mailed by the job when the address has an account (issuePasswordReset).
 */
export async function requestPasswordReset(ctx: TrackerContext, rawEmail: string) {
  // The same work whatever the address: one row queued. Whether it has an account is looked up
  // by the job (issuePasswordReset), after the answer, so the answer's time tells nothing.
  // The job is due at a random moment within RESET_JOB_DELAY_MS, and not before: a flush started
  // meanwhile (another request's, the mailer's rounds) passes it by. Due at once, it was run by
  // whichever flush came next, most often within milliseconds, beside this answer or the next
  // request, and its work (for an account, more than for none) would show in their times.
  const delayMs = 1 + randomInt(RESET_JOB_DELAY_MS);
  await ctx.repos.outbox.enqueue({
    kind: RESET_REQUEST_JOB,
    to: rawEmail.trim(),
    subject: 'Password reset request',
    text: '',
    dueAt: new Date(ctx.trackerConfig.now().getTime() + delayMs),
  });
  setTimeout(() => ctx.mailer.kick(), delayMs).unref();
}

/** At most how long a reset request's job waits before it runs (see requestPasswordReset). */
export const RESET_JOB_DELAY_MS = 1000;

/** The outbox job that turns a reset request into a mailed link (see requestPasswordReset). */
export const RESET_REQUEST_JOB = 'password-reset-request' as const;

/**
 * Mails a reset link to `rawEmail` when it has an account that may have one now (at most
 * RESET_LIMITS.perDay a day, RESET_LIMITS.cooldownMs apart); otherwise does nothing.
 */
export async function issuePasswordReset(ctx: TrackerContext, rawEmail: string) {
  const email = rawEmail.trim();
  const now = ctx.trackerConfig.now();
  const queued = await ctx.database.db.transaction(async (tx) => {
    // The same two look-ups whatever the address (the mail's limits are read for an address
    // without an account too), so the job's own time tells as little as it can.
    const user = await ctx.repos.users.findByEmail(email, tx);
    const recent = await ctx.repos.outbox.sentTo(
      'password-reset',
      email,
      new Date(now.getTime() - 86_400_000),
      tx,
    );
    if (!user || user.status === 'Inactive') return false;
    if (recent.count >= RESET_LIMITS.perDay) return false;
    if (recent.last && now.getTime() - recent.last.getTime() < RESET_LIMITS.cooldownMs) {
      return false;
    }
    const link = await issuePasswordLink(ctx, tx, user.id, RESET_LINK_MS);
    await ctx.repos.outbox.enqueue(
      {
        kind: 'password-reset',
        to: user.email,
        subject: 'Set a new password',
        text: [
          `Hi ${oneLine(user.name)},`,
          '',
          'Someone asked to set a new password for your Accountability Partners account. If it was you, open this link within 30 minutes:',
          '',
          link,
          '',
          'If it was not you, ignore this email: your password stays as it is.',
        ].join('\n'),
      },
      tx,
    );
    return true;
  });
  if (queued) ctx.mailer.kick();
  return queued;
}

/** What a reset link's token is now: usable, used, expired, or unknown. Changes nothing. */
export async function passwordResetState(
  ctx: TrackerContext,
  token: string,
): Promise<'usable' | 'used' | 'expired' | 'unknown'> {
  const found = await findLink(ctx, ONE_USE_LINKS.passwordSet, token);
  if (found === null) return 'unknown';
  return found.state === 'ready' ? 'usable' : found.state;
}

/** Sets the new password from a reset link: once, before it expires; every session ends. */
export async function completePasswordReset(ctx: TrackerContext, token: string, password: string) {
  // The account is known once the link is: its own address and name are refused too. An unknown,
  // used or expired link is refused by useLink below.
  const found = await findLink(ctx, ONE_USE_LINKS.passwordSet, token);
  const owner = found && (await ctx.repos.users.get(found.link.userId));
  if (owner) refuseWeakPassword(password, owner, 'password');
  const hash = await ctx.signups.passwords.hash(password);
  await useLink(ctx, ONE_USE_LINKS.passwordSet, token, async (link, tx) => {
    await ctx.repos.users.setPasswordHash(link.userId, hash, tx);
    await ctx.repos.memberSessions.deleteForUser(link.userId, null, tx);
  });
}

/**
 * Deletes the account (the privacy page's promise) after its password is given again: its place
 * on a team (the seat is free at once), its join requests, links and sessions, in one
 * transaction with a goodbye mail; then its photo.
 */
export async function deleteAccount(ctx: TrackerContext, userId: number, password: string) {
  const user = await confirmedAccount(ctx, userId, password, 'password');
  await ctx.database.db.transaction(async (tx) => {
    await guardMembership(ctx, tx, userId, 'account.delete', () => notFound('User'));
    await ctx.repos.users.deleteAccount(userId, tx);
    await ctx.repos.outbox.enqueue(
      {
        kind: 'account-deleted',
        to: user.email,
        subject: 'Your account was deleted',
        text: [
          `Hi ${oneLine(user.name)},`,
          '',
          'Your Accountability Partners account, your place on a team and your photo have been deleted, as you asked.',
        ].join('\n'),
      },
      tx,
    );
  });
  ctx.mailer.kick();
  if (user.image?.startsWith('u/')) {
    await ctx.storage.remove(user.image).catch(() => undefined);
  }
}

const notOnTeam = () => new HttpError('NOT_FOUND', 'You are not on a team.');

/**
 * Leaves the member's team: the Active place becomes Inactive (the seat is free at once) in one
 * transaction with a mail; the account, its profile and its sign-in stay.
 */
export async function leaveTeam(ctx: TrackerContext, userId: number) {
  await ctx.database.db.transaction((tx) => leaveTeamIn(ctx, tx, userId));
  ctx.mailer.kick();
}

/** leaveTeam in the caller's transaction `tx`; the caller kicks the mailer once it commits. */
export async function leaveTeamIn(ctx: TrackerContext, tx: Db, userId: number) {
  const user = await ctx.repos.users.get(userId, tx);
  if (user === null) throw notFound('User');
  const place = await ctx.repos.members.activePlace(userId, tx);
  if (place === null) throw notOnTeam();
  // The team first, as every seat change locks it.
  await ctx.repos.teams.lock(place.teamId, tx);
  await guardMembership(ctx, tx, userId, 'membership.leave', notOnTeam);
  await ctx.repos.teams.setMembershipStatus(place.id, 'Inactive', tx);
  await ctx.repos.outbox.enqueue(
    {
      kind: 'team-left',
      to: user.email,
      subject: `You left Team ${place.team}`,
      text: [
        `Hi ${oneLine(user.name)},`,
        '',
        `You have left Team ${oneLine(place.team)}. Your account stays; whenever you want a team again, sign in and find one: ${findATeamUrl(ctx)}`,
      ].join('\n'),
    },
    tx,
  );
}
