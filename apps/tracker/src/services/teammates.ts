import { and, eq, ne, type SQL } from 'drizzle-orm';
import { memberships, users } from '../db/schema.ts';

/**
 * Who stands on a team for their teammates (the member's home, the check-in board, the team's
 * calls): an Active membership of an account an operator has not made Inactive. `which` picks
 * the team or the member; the query joins users on memberships.
 */
export function activeTeammate(which: SQL): SQL | undefined {
  return and(which, eq(memberships.status, 'Active'), ne(users.status, 'Inactive'));
}
