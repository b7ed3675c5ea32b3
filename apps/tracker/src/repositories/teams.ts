import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memberships, teams, users } from '../db/schema.ts';
import { toPublicUser } from './users.ts';

export function teamsRepository(db: Db) {
  /** Members of one team, or of every team when `teamId` is null. */
  async function membersOf(teamId: number | null, tx: Db) {
    return tx
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(memberships.userId, users.id))
      .where(teamId === null ? undefined : eq(memberships.teamId, teamId))
      .orderBy(asc(memberships.id));
  }

  function shape(team: typeof teams.$inferSelect, rows: Awaited<ReturnType<typeof membersOf>>) {
    return {
      id: team.id,
      name: team.name,
      focusAreaId: team.focusAreaId,
      focusRoleId: team.focusRoleId,
      members: rows
        .filter((r) => r.membership.teamId === team.id)
        .map((r) => ({
          id: r.membership.id,
          status: r.membership.status,
          user: toPublicUser(r.user),
        })),
    };
  }

  return {
    /** Every team with its members of every status; the client counts only Active ones. */
    async list(tx: Db = db) {
      const all = await tx.select().from(teams).orderBy(asc(teams.id));
      const rows = await membersOf(null, tx);
      return all.map((t) => shape(t, rows));
    },

    async get(id: number, tx: Db = db) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id));
      if (!team) return null;
      return shape(team, await membersOf(id, tx));
    },

    async findRow(id: number, tx: Db = db) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id));
      return team ?? null;
    },

    async activeMemberCount(teamId: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.teamId, teamId), eq(memberships.status, 'Active')));
      return row?.n ?? 0;
    },

    async addMembership(
      values: { teamId: number; userId: number; status: 'Active' | 'Pending' | 'Inactive' },
      tx: Db = db,
    ) {
      const [row] = await tx.insert(memberships).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async setMembershipStatus(id: number, status: 'Active' | 'Pending' | 'Inactive', tx: Db = db) {
      await tx.update(memberships).set({ status }).where(eq(memberships.id, id));
    },
  };
}
