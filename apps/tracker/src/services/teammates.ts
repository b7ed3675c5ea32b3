import { DEFAULT_TIME_ZONE } from '@app/contracts';
import type { users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import type { TrackerContext } from './context.ts';

type UserRow = typeof users.$inferSelect;

/** The zone a member's days are counted in: theirs, or the product's until they tell us. */
export function memberTimeZone(user: Pick<UserRow, 'timeZone'>): string {
  return user.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The member's account and the team they are an Active member of, or null when they are on no
 * team (or an operator made the account Inactive).
 */
export async function memberOnTeam(ctx: TrackerContext, userId: number, tx: Db = ctx.database.db) {
  return ctx.repos.members.onTeam(userId, tx);
}
