import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import {
  auditLog,
  type JoinRequestStatus,
  joinRequests,
  memberships,
  teams,
  users,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';

const OPEN = ['pending', 'unmatched'] as const;

/** Which open join requests the console's queue takes. */
export interface QueueFilter {
  /** A LIKE pattern for the applicant's name or address. */
  pattern: string | null;
  focusAreaId: number | undefined;
  /** Sent at or before `dueBefore` (true), after it (false), either (undefined). */
  overdue: boolean | undefined;
  dueBefore: Date;
}

export function joinRequestsRepository(db: Db) {
  return {
    /** A request the person sent for a team: it is for that team's area and role. */
    async insert(values: { userId: number; teamId: number; membershipId: number }, tx: Db = db) {
      const [row] = await tx
        .insert(joinRequests)
        .values({
          ...values,
          askedTeamId: values.teamId,
          focusAreaId: sql`(SELECT ${teams.focusAreaId} FROM ${teams} WHERE ${teams.id} = ${values.teamId})`,
          focusRoleId: sql`(SELECT ${teams.focusRoleId} FROM ${teams} WHERE ${teams.id} = ${values.teamId})`,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A join request with no team yet; an operator places it (see `place`). */
    async insertUnmatched(
      userId: number,
      tx: Db = db,
      focus: { areaId: number | null; roleId: number | null } = { areaId: null, roleId: null },
    ) {
      const [row] = await tx
        .insert(joinRequests)
        .values({
          userId,
          teamId: null,
          membershipId: null,
          status: 'unmatched',
          focusAreaId: focus.areaId,
          focusRoleId: focus.roleId,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async list(status: JoinRequestStatus | undefined, tx: Db = db) {
      const rows = await tx
        .select({ request: joinRequests, team: teams, user: users })
        .from(joinRequests)
        .leftJoin(teams, eq(joinRequests.teamId, teams.id))
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(status ? eq(joinRequests.status, status) : undefined)
        .orderBy(asc(joinRequests.id));
      return rows.map(({ request, team, user }) => ({
        id: request.id,
        status: request.status,
        createdAt: request.createdAt.toISOString(),
        decidedAt: request.decidedAt?.toISOString() ?? null,
        membershipId: request.membershipId,
        team: team ? { id: team.id, name: team.name } : null,
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          goalSummary: user.goalSummary,
          emailConfirmed: user.emailConfirmedAt !== null,
        },
      }));
    },

    /** The user's latest join request with its team (null for an unmatched one), or null. */
    async latestOf(userId: number, tx: Db = db) {
      const [latest] = await tx
        .select({ request: joinRequests, team: teams })
        .from(joinRequests)
        .leftJoin(teams, eq(joinRequests.teamId, teams.id))
        .where(eq(joinRequests.userId, userId))
        .orderBy(desc(joinRequests.id))
        .limit(1);
      return latest ?? null;
    },

    /**
     * The oldest unmatched join request of someone with no membership of `teamId`, with their
     * name, locked (another tracker's pass skips it); null when none waits.
     */
    /**
     * The request a seat freed on `team` goes to: the oldest unmatched request that asked for the
     * team, else the oldest unmatched one for its area and role (a team without both has none),
     * never one of someone who was on the team or asked to join it before. Locked, skipping
     * requests another transaction holds; `lock: false` only reads (what a freed seat would do).
     */
    async heirFor(
      team: { id: number; focusAreaId: number | null; focusRoleId: number | null },
      tx: Db,
      { lock = true }: { lock?: boolean } = {},
    ) {
      const fits = or(
        eq(joinRequests.askedTeamId, team.id),
        team.focusAreaId === null || team.focusRoleId === null
          ? undefined
          : and(
              eq(joinRequests.focusAreaId, team.focusAreaId),
              eq(joinRequests.focusRoleId, team.focusRoleId),
            ),
      );
      const query = tx
        .select({ id: joinRequests.id, userId: joinRequests.userId, name: users.name })
        .from(joinRequests)
        .innerJoin(users, eq(users.id, joinRequests.userId))
        .where(
          and(
            eq(joinRequests.status, 'unmatched'),
            fits,
            notExists(
              tx
                .select({ id: memberships.id })
                .from(memberships)
                .where(
                  and(eq(memberships.userId, joinRequests.userId), eq(memberships.teamId, team.id)),
                ),
            ),
          ),
        )
        .orderBy(
          sql`${joinRequests.askedTeamId} IS NOT DISTINCT FROM ${team.id} DESC`,
          asc(joinRequests.createdAt),
          asc(joinRequests.id),
        )
        .limit(1);
      const [next] = lock
        ? await query.for('update', { of: joinRequests, skipLocked: true })
        : await query;
      return next ?? null;
    },

    /** The applicant's name of each of the join requests `ids`. */
    async applicantNames(ids: number[], tx: Db = db) {
      return tx
        .select({ id: joinRequests.id, name: users.name })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(inArray(joinRequests.id, ids));
    },

    async get(id: number, tx: Db = db) {
      const [row] = await tx.select().from(joinRequests).where(eq(joinRequests.id, id));
      return row ?? null;
    },

    /** Locks the row so two operators deciding at once cannot both win. */
    async getForUpdate(id: number, tx: Db) {
      const [row] = await tx
        .select()
        .from(joinRequests)
        .where(eq(joinRequests.id, id))
        .for('update');
      return row ?? null;
    },

    async decide(
      id: number,
      status: 'approved' | 'declined',
      at: Date,
      declineReason: string | null = null,
      tx: Db = db,
    ) {
      await tx
        .update(joinRequests)
        .set({ status, decidedAt: at, declineReason })
        .where(and(eq(joinRequests.id, id), eq(joinRequests.status, 'pending')));
    },

    /** A decision taken back: the request waits again, as before it was decided. */
    async reopen(id: number, tx: Db = db) {
      await tx
        .update(joinRequests)
        .set({ status: 'pending', decidedAt: null, declineReason: null })
        .where(
          and(eq(joinRequests.id, id), inArray(joinRequests.status, ['approved', 'declined'])),
        );
    },

    /** Of the people `userIds`, those who have sent more than one join request. */
    async returningOf(userIds: number[], tx: Db = db) {
      if (userIds.length === 0) return new Set<number>();
      const rows = await tx
        .select({ userId: joinRequests.userId })
        .from(joinRequests)
        .where(inArray(joinRequests.userId, userIds))
        .groupBy(joinRequests.userId)
        .having(sql`count(*) > 1`);
      return new Set(rows.map((row) => row.userId));
    },

    /**
     * An unmatched request gets its team and membership and waits for the team's decision; so
     * does a request placed before (`from: 'placed'`), moved to another team. It takes the team's
     * area and role when it had none, and remembers when it was placed (`placedAt`), or, when the
     * person chose the team themselves (`placedAt` null), that they asked for it.
     */
    async place(
      id: number,
      teamId: number,
      membershipId: number,
      tx: Db,
      { placedAt, from = 'unmatched' }: { placedAt: Date | null; from?: 'unmatched' | 'placed' },
    ) {
      await tx
        .update(joinRequests)
        .set({
          status: 'pending',
          teamId,
          membershipId,
          placedAt,
          ...(placedAt === null ? { askedTeamId: teamId } : {}),
          focusAreaId: sql`coalesce(${joinRequests.focusAreaId}, (SELECT ${teams.focusAreaId} FROM ${teams} WHERE ${teams.id} = ${teamId}))`,
          focusRoleId: sql`coalesce(${joinRequests.focusRoleId}, (SELECT ${teams.focusRoleId} FROM ${teams} WHERE ${teams.id} = ${teamId}))`,
        })
        .where(
          and(
            eq(joinRequests.id, id),
            from === 'unmatched'
              ? eq(joinRequests.status, 'unmatched')
              : and(eq(joinRequests.status, 'pending'), sql`${joinRequests.placedAt} IS NOT NULL`),
          ),
        );
    },

    /** A placed request goes back to waiting for a team: no team, no membership, not placed. */
    async unplace(id: number, tx: Db = db) {
      await tx
        .update(joinRequests)
        .set({ status: 'unmatched', teamId: null, membershipId: null, placedAt: null })
        .where(
          and(
            eq(joinRequests.id, id),
            eq(joinRequests.status, 'pending'),
            sql`${joinRequests.placedAt} IS NOT NULL`,
          ),
        );
    },

    /**
     * The open (pending and unmatched) join requests `filter` takes, oldest first, a page of them
     * with their applicants, and how many there are.
     */
    async queuePage(filter: QueueFilter, limit: number, offset: number, tx: Db = db) {
      const open = and(
        inArray(joinRequests.status, [...OPEN]),
        filter.pattern === null
          ? undefined
          : or(ilike(users.name, filter.pattern), ilike(users.email, filter.pattern)),
        filter.focusAreaId === undefined
          ? undefined
          : inArray(
              joinRequests.teamId,
              tx
                .select({ id: teams.id })
                .from(teams)
                .where(eq(teams.focusAreaId, filter.focusAreaId)),
            ),
        filter.overdue === undefined
          ? undefined
          : filter.overdue
            ? lte(joinRequests.createdAt, filter.dueBefore)
            : gt(joinRequests.createdAt, filter.dueBefore),
      );
      const [total] = await tx
        .select({ n: count() })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(open);
      const rows = await tx
        .select({ request: joinRequests, user: users })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(open)
        .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows };
    },

    /**
     * The approvals and declines `operatorId` made (by the audit log) since `since`, newest
     * first, at most ten, with the applicant's name.
     */
    async decidedBy(operatorId: number, since: Date, tx: Db = db) {
      return tx
        .select({
          id: joinRequests.id,
          status: joinRequests.status,
          decidedAt: joinRequests.decidedAt,
          name: users.name,
        })
        .from(joinRequests)
        .innerJoin(users, eq(joinRequests.userId, users.id))
        .where(
          and(
            inArray(joinRequests.status, ['approved', 'declined']),
            gte(joinRequests.decidedAt, since),
            sql`exists (select 1 from ${auditLog} where ${auditLog.operatorId} = ${operatorId}
          and ${auditLog.target} = 'join-request:' || ${joinRequests.id}
          and ${auditLog.action} in ('join-request.approved', 'join-request.declined'))`,
          ),
        )
        .orderBy(desc(joinRequests.decidedAt), desc(joinRequests.id))
        .limit(10);
    },
  };
}
