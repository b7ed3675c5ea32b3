import { and, asc, count, eq, exists, gt, ilike, inArray, or, sql } from 'drizzle-orm';
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

/**
 * Whether a team's name, or the name or address of one of its Active members or Pending
 * applicants (those the console lists on it), holds the pattern.
 */
function teamNamed(db: Db, pattern: string) {
  return or(
    ilike(teams.name, pattern),
    exists(
      db
        .select({ one: sql`1` })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(
          and(
            eq(memberships.teamId, teams.id),
            inArray(memberships.status, [...SEATED]),
            or(ilike(users.name, pattern), ilike(users.email, pattern)),
          ),
        ),
    ),
  );
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

    /** Active members on every team. */
    async activeMembers() {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.status, 'Active'));
      return row?.n ?? 0;
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

    /** Removes a Pending membership a placement made, when the placement is taken back. */
    async removePendingMembership(id: number, tx: Db) {
      await tx
        .delete(memberships)
        .where(and(eq(memberships.id, id), eq(memberships.status, 'Pending')));
    },

    /** For tests and operators: change how many seats a team has. */
    async setCapacity(id: number, capacity: number, tx: Db = db) {
      await tx.update(teams).set({ capacity }).where(eq(teams.id, id));
    },

    /**
     * Teams by id, a page of them, with how many there are: those whose name (or a seated
     * member's name or address) holds `pattern`, of one focus area when given.
     */
    async consolePage(
      filter: { pattern: string | null; focusAreaId: number | undefined },
      limit: number,
      offset: number,
      tx: Db = db,
    ) {
      const match = and(
        filter.pattern === null ? undefined : teamNamed(tx, filter.pattern),
        filter.focusAreaId === undefined ? undefined : eq(teams.focusAreaId, filter.focusAreaId),
      );
      const [total] = await tx.select({ n: count() }).from(teams).where(match);
      const rows = await tx
        .select()
        .from(teams)
        .where(match)
        .orderBy(asc(teams.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    /** The Active and Pending memberships of `teamIds` with their people, oldest first. */
    async seatedOf(teamIds: number[], tx: Db = db) {
      return tx
        .select({
          teamId: memberships.teamId,
          id: memberships.id,
          status: memberships.status,
          name: users.name,
          email: users.email,
        })
        .from(memberships)
        .innerJoin(users, eq(memberships.userId, users.id))
        .where(and(inArray(memberships.teamId, teamIds), inArray(memberships.status, [...SEATED])))
        .orderBy(asc(memberships.id));
    },

    /** How many Active and Pending memberships the team has. */
    async seatedCount(teamId: number, tx: Db = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.teamId, teamId), inArray(memberships.status, [...SEATED])));
      return row?.n ?? 0;
    },

    /** Sets a team's capacity; the row, or null. */
    async changeCapacity(id: number, capacity: number, tx: Db = db) {
      const [after] = await tx.update(teams).set({ capacity }).where(eq(teams.id, id)).returning();
      return after ?? null;
    },

    /** Whether a team has this name, whatever its case. */
    async nameTaken(name: string, tx: Db = db) {
      const [same] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(sql`lower(${teams.name}) = lower(${name})`);
      return same !== undefined;
    },

    async insert(values: typeof teams.$inferInsert, tx: Db = db) {
      const [team] = await tx.insert(teams).values(values).returning();
      if (team === undefined) throw new Error('insert returned no row');
      return team;
    },
  };
}
