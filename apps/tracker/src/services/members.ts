import {
  answerByOf,
  type MemberAccount,
  type MemberHome,
  type PasswordChange,
  type ProfileEdit,
  UPLOADS_PATH,
} from '@app/contracts';
import { HttpError, notFound } from '@app/server-kit';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { joinRequests, memberships, teams, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../password.ts';
import type { TrackerContext } from './context.ts';
import { signIn } from './users.ts';

type UserRow = typeof users.$inferSelect;

const photoUrl = (key: string | null) => (key === null ? null : `${UPLOADS_PATH}/${key}`);

function accountOf(user: UserRow): MemberAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    goalSummary: user.goalSummary,
    aboutMe: user.about,
    photo: photoUrl(user.image),
  };
}

const WRONG_PASSWORD = 'The password is not right.';

/** Email and password of an account: the account's id, name and role, or 401 (see signIn). */
export async function checkCredentials(
  ctx: TrackerContext,
  credentials: { email: string; password: string },
) {
  const { user } = await signIn(ctx, credentials);
  const row = await ctx.repos.users.get(user.id);
  if (row === null) throw notFound('User');
  return { id: row.id, name: row.name, role: row.role };
}

/** The member's home: their account, their latest join request and, once Active, their team. */
export async function memberHome(ctx: TrackerContext, userId: number): Promise<MemberHome> {
  const { db } = ctx.database;
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const [latest] = await db
    .select({ request: joinRequests, team: teams })
    .from(joinRequests)
    .leftJoin(teams, eq(joinRequests.teamId, teams.id))
    .where(eq(joinRequests.userId, userId))
    .orderBy(desc(joinRequests.id))
    .limit(1);
  const [active] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'Active')))
    .limit(1);
  let team: MemberHome['team'] = null;
  if (active !== undefined) {
    const [row] = await db.select().from(teams).where(eq(teams.id, active.teamId));
    // Teammates see each other once approved, also before a teammate has confirmed their email
    // (the public team list waits for that); anyone an operator made Inactive is left out.
    const mates = await db
      .select({ user: users })
      .from(memberships)
      .innerJoin(users, eq(memberships.userId, users.id))
      .where(
        and(
          eq(memberships.teamId, active.teamId),
          eq(memberships.status, 'Active'),
          ne(users.status, 'Inactive'),
        ),
      )
      .orderBy(asc(memberships.id));
    if (row !== undefined) {
      team = {
        id: row.id,
        name: row.name,
        members: mates.map(({ user: mate }) => ({
          id: mate.id,
          name: mate.name,
          photo: photoUrl(mate.image),
          aboutMe: mate.about ?? '',
          goalSummary: mate.goalSummary ?? '',
          own: mate.id === userId,
        })),
      };
    }
  }
  return {
    account: accountOf(user),
    joinRequest:
      latest === undefined
        ? null
        : {
            id: latest.request.id,
            status: latest.request.status,
            sentAt: latest.request.createdAt.toISOString(),
            answerBy: answerByOf(latest.request.createdAt).toISOString(),
            decidedAt: latest.request.decidedAt?.toISOString() ?? null,
            team: latest.team ? { id: latest.team.id, name: latest.team.name } : null,
            declineReason: latest.request.declineReason,
          },
    team,
  };
}

export async function editProfile(
  ctx: TrackerContext,
  userId: number,
  edit: ProfileEdit,
): Promise<MemberAccount> {
  const [row] = await ctx.database.db
    .update(users)
    .set({ name: edit.name, goalSummary: edit.goalSummary, about: edit.aboutMe })
    .where(eq(users.id, userId))
    .returning();
  if (row === undefined) throw notFound('User');
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
  const user = await ctx.repos.users.get(userId);
  if (user === null) throw notFound('User');
  const valid = await ctx.signups.queue.run(() =>
    verifyPassword(change.currentPassword, user.passwordHash),
  );
  if (!valid) {
    throw new HttpError('INVALID_CREDENTIALS', WRONG_PASSWORD, [
      { path: 'currentPassword', message: WRONG_PASSWORD },
    ]);
  }
  const hash = await ctx.signups.queue.run(() => hashPassword(change.newPassword));
  await ctx.database.db.transaction(async (tx) => {
    await ctx.repos.users.setPasswordHash(userId, hash, tx);
    await ctx.repos.memberSessions.deleteForUser(userId, keepSession, tx);
  });
}
