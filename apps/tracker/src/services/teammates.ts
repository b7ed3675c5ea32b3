import { DEFAULT_TIME_ZONE } from '@app/contracts';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { memberships, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { TrackerContext } from './context.ts';

type UserRow = typeof users.$inferSelect;

/**
 * Who stands on a team for their teammates (the member's home, the check-in board, the team's
 * calls): an Active membership of an account an operator has not made Inactive. `which` picks
 * the team or the member; the query joins users on memberships.
 */
export function activeTeammate(which: SQL): SQL | undefined {
  return and(which, eq(memberships.status, 'Active'), ne(users.status, 'Inactive'));
}

/** The zone a member's days are counted in: theirs, or the product's until they tell us. */
export function memberTimeZone(user: Pick<UserRow, 'timeZone'>): string {
  return user.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The member's account and the team they are an Active member of, or null when they are on no
 * team (or an operator made the account Inactive).
 */
export async function memberOnTeam(ctx: TrackerContext, userId: number, tx: Db = ctx.database.db) {
  const [row] = await tx
    .select({ user: users, teamId: memberships.teamId, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(memberships.userId, users.id))
    .where(activeTeammate(eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}
