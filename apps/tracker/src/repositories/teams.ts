import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { holds, memberships, teams, users } from '../db/schema.ts';
import type { Db } from '../db/types.ts';
import { toPublicUser } from './users.ts';

type TeamRow = typeof teams.$inferSelect;

/** Memberships that take a seat: a member (Active) or someone the team has yet to decide on. */
const SEATED = ['Active', 'Pending'] as const;

/** Seats a new member can take: never below zero, even when older data overfills a team. */
export function openSeats(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

export function teamsRepository(db: Db) {
  /**
   * The public members of one team, or of every team when `teamId` is null: Active members who
   * are Active users. Applicants (Pending) and former members (Inactive) are nobody's business.
   */
  async function membersOf(teamId: number | null, tx: Db) {
    return tx
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(memberships.userId, users.id))
      .where(
        and(
          teamId === null ? undefined : eq(memberships.teamId, teamId),
          eq(memberships.status, 'Active'),
          eq(users.status, 'Active'),
        ),
      )
      .orderBy(asc(memberships.id));
  }

  /** Seats taken per team at `now`: Active and Pending memberships plus live holds. */
  async function takenSeats(teamIds: number[] | null, now: Date, tx: Db) {
    const seated = await tx
      .select({ teamId: memberships.teamId, n: count() })
      .from(memberships)
      .where(
        and(
          teamIds === null ? undefined : inArray(memberships.teamId, teamIds),
          inArray(memberships.status, [...SEATED]),
        ),
      )
      .groupBy(memberships.teamId);
    const held = await tx
      .select({ teamId: holds.teamId, n: count() })
      .from(holds)
      .where(
        and(
          teamIds === null ? undefined : inArray(holds.teamId, teamIds),
          gt(holds.expiresAt, now),
        ),
      )
      .groupBy(holds.teamId);
    const taken = new Map<number, number>();
    for (const row of [...seated, ...held]) {
      taken.set(row.teamId, (taken.get(row.teamId) ?? 0) + row.n);
    }
    return taken;
  }

  function shape(
    team: TeamRow,
    rows: Awaited<ReturnType<typeof membersOf>>,
    taken: Map<number, number>,
  ) {
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
      openSeats: openSeats(team.capacity, taken.get(team.id) ?? 0),
    };
  }

  return {
    /** Every team with its public members and its open seats at `now`. */
    async list(now: Date, tx: Db = db) {
      const all = await tx.select().from(teams).orderBy(asc(teams.id));
      const rows = await membersOf(null, tx);
      const taken = await takenSeats(null, now, tx);
      return all.map((t) => shape(t, rows, taken));
    },

    /** Name and open seats at `now` of the teams asked for (one query each, whatever their size). */
    async seatsOf(ids: readonly number[], now: Date, tx: Db = db) {
      if (ids.length === 0)
        return new Map<number, { id: number; name: string; openSeats: number }>();
      const rows = await tx
        .select()
        .from(teams)
        .where(inArray(teams.id, [...ids]));
      const taken = await takenSeats([...ids], now, tx);
      return new Map(
        rows.map((t) => [
          t.id,
          { id: t.id, name: t.name, openSeats: openSeats(t.capacity, taken.get(t.id) ?? 0) },
        ]),
      );
    },

    async get(id: number, now: Date, tx: Db = db) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id));
      if (!team) return null;
      return shape(team, await membersOf(id, tx), await takenSeats([id], now, tx));
    },

    async findRow(id: number, tx: Db = db) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id));
      return team ?? null;
    },

    /** The team's id and name, or null. */
    async nameOf(id: number, tx: Db = db) {
      const [team] = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.id, id));
      return team ?? null;
    },

    /** The ids and names of the teams `ids` name (unknown ids are left out). */
    async namesOf(ids: number[], tx: Db = db) {
      return tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(inArray(teams.id, ids));
    },

    /**
     * Locks the team's row until the transaction ends. Everything that takes or gives a seat
     * (holding, joining, approving) locks it first, so their seat counts cannot interleave.
     * Counts read after the lock see every change committed before it (READ COMMITTED).
     */
    async lock(id: number, tx: Db) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
      return team ?? null;
    },

    /** Seats taken on one team at `now`. Call with the team locked. */
    async takenSeats(teamId: number, now: Date, tx: Db) {
      return (await takenSeats([teamId], now, tx)).get(teamId) ?? 0;
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

    /** For tests and operators: change how many seats a team has. */
    async setCapacity(id: number, capacity: number, tx: Db = db) {
      await tx.update(teams).set({ capacity }).where(eq(teams.id, id));
    },
  };
}
